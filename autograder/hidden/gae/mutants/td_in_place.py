"""Zeroes the next values of terminated steps in place: ``next_values *= (1 - done)``.
Every value is right; the caller's next_values tensor is overwritten."""
HINT = "td_residuals overwrote the caller's next_values in place (next_values *= ...): compute the masked value into a new tensor"
REAL_BUG = 'td_residuals with next_values *= (1 - done) (issue 35)'

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    next_values *= (~terminated).to(next_values.dtype)
    return rewards + gamma * next_values - values
