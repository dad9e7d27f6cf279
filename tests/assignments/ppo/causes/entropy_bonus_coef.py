"""ENT_COEF = 0.01 named constant, per-sample entropy."""
import torch

CAUSE = r"entropy bonus"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ENT_COEF = 0.01
    ratio = torch.exp(logp_new - logp_old.detach())
    per_sample = -clipped_surrogate(ratio, advantages.detach(), clip_eps) + ENT_COEF * logp_new
    return per_sample.mean()
