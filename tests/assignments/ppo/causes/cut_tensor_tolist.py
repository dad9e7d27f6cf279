"""The ratio rebuilt with torch.tensor(...tolist())."""
import torch

CAUSE = r"no gradient reaches `logp_new`"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.tensor((logp_new - logp_old).exp().tolist(), dtype=logp_new.dtype)
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
