"""Discounts counted from the episode's start (gamma ** arange(T)) and the cumulative sum taken
forwards (no flips), so G_t sums the past rewards, each discounted by gamma^k; float32 powers
(a pattern of vectorised REINFORCE snippets that forget `flip`)."""
CAUSE = r"(?=.*steps up to t)(?=.*gamma\^\(k\))"

import torch


def discounted_returns(rewards, gamma):
    discounts = torch.tensor(gamma, dtype=torch.float32) ** torch.arange(len(rewards))
    return torch.cumsum(rewards * discounts.to(rewards.dtype), dim=0)
