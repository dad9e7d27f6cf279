"""Plain Python per response; no exp of a number past the cap."""
import math

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    weights = []
    for lt, lr, keep in zip(logp_trainer.tolist(), logp_rollout.tolist(), mask.tolist()):
        s = math.fsum(t - r for t, r, k in zip(lt, lr, keep) if k)
        weights.append(cap if s >= math.log(cap) else math.exp(s))
    return torch.tensor(weights, dtype=logp_trainer.dtype)
