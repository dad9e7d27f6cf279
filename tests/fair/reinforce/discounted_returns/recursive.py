"""Recursion, as the formula reads: G_t = r_t + gamma * G_{t+1}."""
import torch


def _returns_from(rewards, gamma, t):
    if t == len(rewards):
        return []
    rest = _returns_from(rewards, gamma, t + 1)
    ahead = rest[0] if rest else 0.0
    return [rewards[t] + gamma * ahead] + rest


def discounted_returns(rewards, gamma):
    return torch.stack(_returns_from(rewards, gamma, 0))
