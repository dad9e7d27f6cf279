"""Correct: a loop over responses and tokens in Python floats, math.exp of the running sum
(guarded against overflow), the cap with min()."""
CORRECT = True

import math

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    weights = []
    for i in range(mask.shape[0]):
        s = 0.0
        for j in range(mask.shape[1]):
            if mask[i, j]:
                s += float(logp_trainer[i, j]) - float(logp_rollout[i, j])
        weights.append(cap if s > math.log(cap) else min(math.exp(s), cap))
    return torch.tensor(weights, dtype=logp_rollout.dtype)
