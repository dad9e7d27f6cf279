"""approx_kl that clamps the estimate at 0 and returns a Python float: ``mean(logp_old -
logp_new).clamp_min(0).item()``; the k1 estimate is negative on many batches, and the contract
returns a tensor.

Source: code-search file 43652752589 (a PPO trainer's update): ``approx_kl = torch.mean(
old_log_probs - log_probs).clamp_min(0).item()``. Ported: the contract's signature (old first).
"""
SOURCE = "code-search file 43652752589 (PPO update, approx_kl clamped and .item())"
KIND = "ppo: KL clamped at 0 + Python float"
CAUSE = r"clamp|clip|negative|max\(0|at (least )?0\b|floor|python (number|float)|a float\b|\.item|not a tensor"

import torch


def approx_kl(logp_old, logp_new):
    old_log_probs, log_probs = logp_old, logp_new
    approx_kl = torch.mean(old_log_probs - log_probs).clamp_min(0).item()
    return approx_kl
