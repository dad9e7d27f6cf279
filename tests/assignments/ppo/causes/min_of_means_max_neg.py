"""max of the negated means (the CleanRL form, misplaced mean)."""
import torch

CAUSE = r"min of the two terms' batch means"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    a = advantages.detach()
    pg1 = -(a * ratio).mean()
    pg2 = -(a * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)).mean()
    return torch.max(pg1, pg2)
