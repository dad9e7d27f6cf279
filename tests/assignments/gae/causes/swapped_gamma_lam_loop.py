"""compute_gae with gamma and lambda swapped in the TD error (``delta = r + lam * V' - V``);
the recursion's gamma * lam is the same either way."""
CAUSE = r"swaps gamma and lambda"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    advantages = torch.zeros_like(rewards)
    last = torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        nonterminal = 1.0 - terminated[t].to(rewards.dtype)
        nondone = 1.0 - (terminated[t] | truncated[t]).to(rewards.dtype)
        delta = rewards[t] + lam * next_values[t] * nonterminal - values[t]
        last = delta + lam * gamma * nondone * last
        advantages[t] = last
    return advantages, advantages + values
