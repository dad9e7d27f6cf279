"""Correct, written differently: partition and try/except; the cap taken in log space."""
import math

import torch


def verify(completion, a, b):
    try:
        head, sep, answer = completion.rpartition("=")
    except AttributeError:
        return 0.0
    if not sep:
        return 0.0
    answer = answer.removesuffix(".")
    return 1.0 if answer.isascii() and answer.isdigit() and answer == f"{a * b:d}" else 0.0


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = (logp_trainer.detach() - logp_rollout).masked_fill(~mask, 0.0)
    return torch.exp(torch.clamp(diff.sum(dim=1), max=math.log(cap)))
