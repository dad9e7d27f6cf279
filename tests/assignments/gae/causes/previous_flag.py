"""The reverse off-by-one: the mask of step t is read from dones[t - 1] (an index meant for a
forward loop), the first row kept going."""
CAUSE = r"PREVIOUS step's done flag"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    done = (terminated | truncated).to(deltas.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        mask = 1.0 - done[t - 1] if t > 0 else 1.0
        running = deltas[t] + gamma * lam * mask * running
        advantages[t] = running
    return advantages, advantages + values
