"""approx_kl clamps each sample's log-ratio at zero before averaging: the negative terms of the
k1 estimate are dropped, so the estimate is biased upwards (and never below 0).

Source: public code in the code-search corpus (file id 7285646382, a "KL Divergence Fix
Summary" of a PPO trainer's train.py; the index does not name the repository): the old code was
``approx_kl_continuous = (old_continuous_log_prob - new_continuous_log_prob).clamp_min(0.0)``,
then averaged over the batch (``np.mean(epoch_losses['approx_kl_continuous'])``).
"""
SOURCE = "code-search file 7285646382 (KL Divergence Fix Summary, approx_kl_continuous)"
KIND = "kl: clamped at zero"
CAUSE = (r"clamp|clip|negative (terms?|values?|differences?|log.?ratios?)|max\(.{0,20}0|"
         r"at zero|non.?negative")

import torch


def approx_kl(logp_old, logp_new):
    approx_kl_continuous = (logp_old - logp_new).clamp_min(0.0)
    return approx_kl_continuous.mean()
