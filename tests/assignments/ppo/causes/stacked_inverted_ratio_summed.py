"""The ratio inverted (exp(logp_old - logp_new)) and the surrogate summed over the batch, not
averaged."""
CAUSE = r"(?=.*(`logp_new` and `logp_old` are swapped|ratio is inverted))(?=.*sums over)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = (logp_old.detach() - logp_new).exp()
    a = advantages.detach()
    return -torch.minimum(ratio * a, ratio.clamp(1 - clip_eps, 1 + clip_eps) * a).sum()
