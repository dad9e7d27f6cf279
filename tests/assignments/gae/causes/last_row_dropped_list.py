"""Advantages built in a list over zip of all rows but the last, then a 0 appended for it."""
CAUSE = r"starts one step before the rollout's end"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    done = terminated | truncated
    out, acc = [torch.zeros_like(deltas[-1])], torch.zeros_like(deltas[-1])
    for d, end in zip(reversed(deltas[:-1]), reversed(done[:-1])):
        acc = d + gamma * lam * (~end).to(d.dtype) * acc
        out.append(acc)
    advantages = torch.stack(out[::-1])
    return advantages, advantages + values
