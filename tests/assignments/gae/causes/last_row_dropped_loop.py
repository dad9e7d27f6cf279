"""The loop runs over range(T - 1) (ported from code whose values carry one more row): the last
step's advantage stays 0 and nothing of its TD error flows back."""
CAUSE = r"starts one step before the rollout's end"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = 1.0 - (terminated | truncated).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    last = 0
    for t in reversed(range(deltas.shape[0] - 1)):
        last = deltas[t] + gamma * lam * not_done[t] * last
        advantages[t] = last
    return advantages, advantages + values
