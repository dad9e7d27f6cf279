"""Correct, written differently: group statistics in numpy, masked_fill for padding."""
import numpy as np
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    r = rewards.detach().numpy()
    out = r - r.mean(axis=1, keepdims=True)
    if normalize_std:
        out = out / (r.std(axis=1, keepdims=True) + eps)
    out[np.ptp(r, axis=1) == 0] = 0.0       # all-equal groups: exactly 0
    return torch.from_numpy(out.astype(r.dtype))


def sequence_logprob(token_logprobs, mask):
    return token_logprobs.masked_fill(~mask, 0.0).sum(dim=1)


def grpo_loss(token_logprobs, mask, advantages):
    return -torch.mean(advantages.detach() * sequence_logprob(token_logprobs, mask))
