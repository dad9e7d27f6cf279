"""Correct, written differently: a regular expression; torch.where with a scalar; no_grad."""
import re

import torch

FINAL = re.compile(r".*=([0-9]+)\.?", re.S)


def verify(completion, a, b):
    if type(completion) is not str:
        return 0.0
    match = FINAL.fullmatch(completion)
    return float(match is not None and match.group(1) == str(a * b))


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    with torch.no_grad():
        log_ratio = torch.where(mask, logp_trainer - logp_rollout, 0.0).sum(-1)
        return torch.minimum(log_ratio.exp(), torch.tensor(cap, dtype=log_ratio.dtype))
