"""Per-token ratios masked by multiplying with the mask (as loss code masks a per-token loss),
then multiplied together: every padded position contributes a factor 0, so any response with
padding gets weight 0; the product capped once."""
CAUSE = r"padding|mask"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    d = (logp_trainer.detach() - logp_rollout).nan_to_num(0.0)
    ratio = torch.exp(d) * mask.to(d.dtype)
    return ratio.prod(dim=-1).clamp(max=cap)
