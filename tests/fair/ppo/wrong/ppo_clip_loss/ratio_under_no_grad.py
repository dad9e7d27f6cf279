"""The whole ratio computed under torch.no_grad(): no gradient reaches the new log-probs."""
import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    with torch.no_grad():
        ratio = (logp_new - logp_old).exp()
    a = advantages.detach()
    return -torch.min(ratio * a, ratio.clamp(1 - clip_eps, 1 + clip_eps) * a).mean()
