"""Correct, written differently: CleanRL's max(-A r, -A clip(r)) form and log-ratio KL."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    pg_loss1 = -advantages * ratio
    pg_loss2 = -advantages * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    return -torch.max(pg_loss1, pg_loss2)


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    logratio = logp_new - logp_old.detach()
    ratio = logratio.exp()
    mb_adv = advantages.detach()
    pg_loss1 = -mb_adv * ratio
    pg_loss2 = -mb_adv * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    return torch.max(pg_loss1, pg_loss2).mean()


def approx_kl(logp_old, logp_new):
    logratio = logp_new - logp_old
    return (-logratio).mean()
