"""OpenRLHF-style per-position difference summed over the whole row, the padding "cleaned" by
keeping the finite entries only (torch.where(torch.isfinite(d), d, 0): the -inf - -inf NaNs
become 0) instead of masking, in float32: finite junk in the padding (+-40) enters the sum."""
CAUSE = r"padding|mask"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = logp_trainer.detach().float() - logp_rollout.float()
    diff = torch.where(torch.isfinite(diff), diff, torch.zeros_like(diff))
    return torch.exp(diff.sum(dim=1)).clamp(max=cap).to(logp_rollout.dtype)
