"""The flags swapped throughout: the bootstrap dropped at truncations only and the recursion cut
at truncations only (so it runs across terminations); a discount vector built once."""
CAUSE = r"takes the flags the other way round"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    survives = (~truncated).to(rewards.dtype)
    deltas = rewards - values + gamma * survives * next_values
    factors = gamma * lam * survives
    advantages = deltas.clone()
    for t in range(deltas.shape[0] - 2, -1, -1):
        advantages[t] = advantages[t] + factors[t] * advantages[t + 1]
    return advantages, values + advantages
