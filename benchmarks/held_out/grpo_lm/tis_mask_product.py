"""tis_weights multiplies the log-ratio by the mask: -inf padding gives NaN."""
CAUSE = r"-inf|NaN"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    lr = (logp_trainer.detach() - logp_rollout) * mask
    return lr.sum(-1).exp().clamp(max=cap)
