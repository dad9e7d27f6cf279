"""Each token's ratio capped (not the response's), at 2.0 whatever cap is passed."""
CAUSE = r"(?=.*capped each token)(?=.*`cap` is fixed at 2\b)"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    r = torch.exp(logp_trainer.detach() - logp_rollout).clamp(max=2.0)
    r = torch.where(mask, r, torch.ones_like(r))
    return r.prod(dim=1).clamp(max=2.0)
