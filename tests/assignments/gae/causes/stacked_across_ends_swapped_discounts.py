"""A recursion that never resets at an episode end, with gamma and lambda swapped in the
signature the student copied."""
CAUSE = r"(?=.*(across episode ends|episode end|episode boundary))(?=.*`gamma` and `lam` are swapped)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, lam, gamma):
    deltas = rewards + gamma * (1 - terminated.double()).to(rewards.dtype) * next_values - values
    out = torch.zeros_like(deltas)
    acc = torch.zeros_like(deltas[0])
    for t in reversed(range(len(deltas))):
        acc = deltas[t] + gamma * lam * acc
        out[t] = acc
    return out, out + values
