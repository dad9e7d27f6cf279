"""Uses pi_old / pi_new as the ratio."""
HINT = "the ratio is inverted: r = pi_new / pi_old = exp(logp_new - logp_old)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_old.detach() - logp_new)
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
