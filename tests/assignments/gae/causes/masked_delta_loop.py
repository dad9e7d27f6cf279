"""The (1 - done) mask multiplies the TD error instead of the bootstrap: ``delta = (r + gamma *
V' - V) * (1 - terminated)``, so a terminal step's TD error is 0."""
CAUSE = r"TD error is multiplied by \(1 - terminated_t\) as a whole"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    nonterminal = 1.0 - terminated.to(rewards.dtype)
    keep = 1.0 - (terminated | truncated).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    last = torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        delta = (rewards[t] + gamma * next_values[t] - values[t]) * nonterminal[t]
        last = delta + gamma * lam * keep[t] * last
        advantages[t] = last
    return advantages, advantages + values
