"""tis_weights clamps the weight from below too (to [1 / cap, cap]), in float64 inside, the
padding picked with masked_fill."""
CAUSE = r"cap"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = (logp_trainer.detach().double() - logp_rollout.double()).masked_fill(~mask, 0.0)
    w = torch.exp(diff.sum(dim=1))
    return w.clamp(1.0 / cap, cap).to(logp_rollout.dtype)
