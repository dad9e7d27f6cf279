"""approx_kl as OpenRLHF's k1: mean(log_probs - log_probs_base), in float32.

Source: OpenRLHF/OpenRLHF, openrlhf/models/utils.py, ``compute_approx_kl``: ``log_ratio =
log_probs.float() - log_probs_base.float()`` (the current policy minus the base); the mean of
that is the k1 estimate of KL(new || base), with the sign of the other order here, and float32
for float64 inputs. Ported: log_probs is logp_new, log_probs_base logp_old; no action mask.
"""
SOURCE = "OpenRLHF/OpenRLHF openrlhf/models/utils.py (compute_approx_kl)"
KIND = "kl: order of the log-ratio"
CAUSE = r"order|revers|sign|negative|logp_old - logp_new|float32"

import torch


def approx_kl(logp_old, logp_new):
    log_ratio = logp_new.float() - logp_old.float()
    return log_ratio.mean()
