"""ppo_clip_loss as a PPO readme shows its ``policy_loss``: the clipped objective
``min(A * ratio, A * clamp(ratio))`` averaged, returned WITHOUT the minus sign, so the value to
minimise is the objective itself and descent on it makes good actions less likely.

Source: Eclectic-Sheep/sheeprl fabricrl/algos/ppo/readme.md, ``def policy_loss(dist, batch,
clip_coef): new_logprobs = dist.log_prob(batch["actions"]); logratio = new_logprobs -
batch["logprobs"]; ratio = logratio.exp(); advantages = batch["advantages"]; pg_loss1 =
advantages * ratio; pg_loss2 = advantages * torch.clamp(ratio, 1 - clip_coef, 1 + clip_coef);
pg_loss = torch.min(pg_loss1, pg_loss2).mean(); return pg_loss``. Ported: ``new_logprobs`` is
``logp_new``, the batch's log-probs and advantages are ``logp_old`` and ``advantages`` (buffer data,
so detached), ``clip_coef`` is ``clip_eps``.
"""
SOURCE = "Eclectic-Sheep/sheeprl fabricrl/algos/ppo/readme.md"
KIND = "ppo: loss sign flipped"
CAUSE = r"sign|negat|minus|maximi|opposite|flipped"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    clip_coef = clip_eps
    logratio = logp_new - logp_old.detach()
    ratio = logratio.exp()
    advantages = advantages.detach()
    pg_loss1 = advantages * ratio
    pg_loss2 = advantages * torch.clamp(ratio, 1 - clip_coef, 1 + clip_coef)
    pg_loss = torch.min(pg_loss1, pg_loss2).mean()
    return pg_loss
