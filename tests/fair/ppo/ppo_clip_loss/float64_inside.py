"""float64 inside, cast back to the log-probs' dtype."""
import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    new = logp_new.double()
    old, adv = logp_old.detach().double(), advantages.detach().double()
    ratio = (new - old).exp()
    loss = -torch.minimum(ratio * adv, ratio.clip(1 - clip_eps, 1 + clip_eps) * adv).mean()
    return loss.to(logp_new.dtype)
