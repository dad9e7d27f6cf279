"""Under torch.no_grad(); masked_fill for the padding; a keyword-only lower clip (off)."""
import torch


@torch.no_grad()
def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0, *, floor=None):
    log_ratio = (logp_trainer - logp_rollout).masked_fill(~mask, 0.0).sum(dim=1)
    weights = log_ratio.exp().clamp(max=cap)
    return weights if floor is None else weights.clamp(min=floor)
