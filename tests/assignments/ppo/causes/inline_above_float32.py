"""above only, float32 advantages, sum / n."""
import torch

CAUSE = r"upper bound only"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    adv = advantages.detach().float().to(ratio.dtype)
    surr = torch.min(ratio * adv, torch.clamp(ratio, max=1.0 + clip_eps) * adv)
    return -surr.sum() / ratio.shape[0]
