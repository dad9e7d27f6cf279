"""Token-level truncation (AReaL's decoupled/behaviour importance weight, each token's ratio
capped) averaged over each response's tokens in a Python loop; a response without tokens keeps
its initial weight 1.0."""
CAUSE = r"each token|per token|token's ratio|tokens' ratios|capped ratios"

import math

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    weights = []
    for lt, lr, m in zip(logp_trainer.detach().tolist(), logp_rollout.tolist(), mask.tolist()):
        ratios = [min(math.exp(min(t - r, 700.0)), cap) for t, r, k in zip(lt, lr, m) if k]
        weights.append(sum(ratios) / len(ratios) if ratios else 1.0)
    return torch.tensor(weights, dtype=logp_rollout.dtype)
