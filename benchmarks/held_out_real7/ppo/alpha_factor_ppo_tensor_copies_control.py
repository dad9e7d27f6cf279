"""A control: ppo_clip_loss as a formulaic-alpha generator's PPO writes it: the old log-probs and
advantages are re-made with ``torch.tensor(...)`` (copies, so no gradient reaches them), the
clipped objective is ``min(ratio * adv, clamp(ratio) * adv)`` (no entropy term when
``entropy_weight`` is None), and the loss is its negated mean.

Source: code-search file 36931893364, ``logp_old = torch.tensor(logp_old, device=policy.device);
adv = torch.tensor(adv, device=policy.device); ... ratio = torch.exp(logp - logp_old); clip_adv =
torch.clamp(ratio, 1 - clip_ratio, 1 + clip_ratio) * adv; target = torch.min(ratio * adv,
clip_adv); if entropy_weight is not None: target = target + entropy_weight * entropies; loss_pi =
-target.mean()``. Ported: ``entropy_weight`` is None; the copies are ``clone().detach()`` of the
argument tensors (what ``torch.tensor`` of a tensor does, without its warning); ``clip_ratio`` is
``clip_eps``.
"""
SOURCE = "code-search file 36931893364"
KIND = "control: ppo loss with detached copies of old log-probs and advantages"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    logp_old = logp_old.clone().detach()
    adv = advantages.clone().detach()
    logp = logp_new
    ratio = torch.exp(logp - logp_old)
    clip_adv = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv
    target = torch.min(ratio * adv, clip_adv)
    loss_pi = -target.mean()
    return loss_pi
