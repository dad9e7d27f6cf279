"""A loop over responses: the mean of exp(log-ratio) over real tokens (1 for none), then the cap."""
CAUSE = r"average the tokens' ratios"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    out = torch.ones(mask.shape[0], dtype=logp_rollout.dtype)
    for i in range(mask.shape[0]):
        m = mask[i]
        if m.any():
            out[i] = torch.exp(logp_trainer[i, m].detach() - logp_rollout[i, m]).mean()
    return torch.clamp(out, max=cap)
