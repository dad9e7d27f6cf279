"""ppo_clip_loss that normalises the advantages inside the loss with the eps CleanRL writes
(`(mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8)`, here 1e-5 as in
Stable-Baselines3's rollout buffer) and then sums the clipped objective over the batch."""
CAUSE = r"(?=.*(standardi|normali))(?=.*\bsums?\b)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach()
    adv = (adv - adv.mean()) / (adv.std() + 1e-5)
    ratio = torch.exp(logp_new - logp_old.detach())
    pg1 = ratio * adv
    pg2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv
    return -torch.min(pg1, pg2).sum()
