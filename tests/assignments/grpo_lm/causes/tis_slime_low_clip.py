"""slime's TIS (tis = exp(old_log_probs - rollout_log_probs), clamped to [tis_clip_low,
tis_clip]), ported per response: the weight is also clamped from below, at 0.1, a bound the
contract does not have (small weights must stay as they are)."""
CAUSE = r"below|lower|from above only|small"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = torch.where(mask, logp_trainer.detach() - logp_rollout, 0.0)
    return torch.clamp(torch.exp(diff.sum(dim=-1)), min=0.1, max=cap)
