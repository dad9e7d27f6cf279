"""loss + 0.01 * mean(logp_new)."""
import torch

CAUSE = r"entropy bonus"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    loss = -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
    return loss + 0.01 * logp_new.mean()
