"""The Pong reset and standardisation in torch, std + 1e-8."""
CAUSE = r"restarts .* at every nonzero reward.*standardised"

import torch


def discounted_returns(rewards, gamma):
    out = torch.zeros_like(rewards)
    g = torch.zeros((), dtype=rewards.dtype)
    for t in reversed(range(rewards.shape[0])):
        g = rewards[t] + gamma * g * (rewards[t] == 0)
        out[t] = g
    return (out - out.mean()) / (out.std() + 1e-8)
