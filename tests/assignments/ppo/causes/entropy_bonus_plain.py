"""loss - 0.01 * entropy with entropy = -mean(logp_new)."""
import torch

CAUSE = r"entropy bonus"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    entropy = -logp_new.mean()
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean() - 0.01 * entropy
