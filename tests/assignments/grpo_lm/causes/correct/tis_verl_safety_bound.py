"""Correct within the contract's tolerance: verl's sequence-level weight (masked sum of the
log-ratios, clamped to [-20, 20] as verl's SAFETY_BOUND does, exp, truncated at the cap); the
bound changes only weights below exp(-20), far under any tolerance, and rows of padding give
exp(0) = 1."""
CORRECT = True

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    with torch.no_grad():
        log_ratio = (logp_trainer - logp_rollout).masked_fill(~mask, 0.0).sum(-1)
        return torch.exp(log_ratio.clamp(-20.0, 20.0)).clamp(max=cap)
