"""Builds every mask with ``.float()`` (CS285 and many tutorials do), so float64 rollouts are
multiplied by float32 numbers: gamma and lambda are rounded to float32, and the answers are
right to float32's precision only. Only the float64 precision tests may fail."""
FEEDBACK = "a float32 intermediate rounded it"
LOSES = "float64 precision"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    alive = (~terminated).float()
    return rewards + gamma * alive * next_values - values


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = 1.0 - (terminated | truncated).float()
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
