"""tis_weights caps each token's ratio instead of the response's weight, in float32, the
padding left out with torch.where."""
CAUSE = r"cap"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    lr = torch.where(mask, logp_trainer.detach().float() - logp_rollout.float(),
                     torch.zeros_like(logp_rollout, dtype=torch.float32))
    per_token = torch.exp(lr).clamp(max=cap)
    return per_token.prod(dim=1).to(logp_rollout.dtype)
