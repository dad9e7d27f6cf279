"""Multiplies the log-ratios by the mask: right for finite padding, NaN where padding holds
-inf (-inf * 0 and -inf - (-inf) are NaN)."""
REAL_BUG = '-inf * 0 in tis_weights (issue 35)'
HINT = ("padding may hold -inf (what masked logits give), and -inf * 0 is NaN: pick the real "
        "tokens (torch.where or masked_fill) instead of multiplying by the mask")
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = (logp_trainer.detach() - logp_rollout) * mask
    return torch.exp(log_ratio.sum(dim=1)).clamp(max=cap)
