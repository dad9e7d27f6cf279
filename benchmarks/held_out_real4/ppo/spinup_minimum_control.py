"""Control: ppo_clip_loss as Spinning Up writes it, with ``torch.minimum``: ``ratio =
exp(logp - logp_old)``, ``-(minimum(ratio * adv, clamp(ratio, 1 - eps, 1 + eps) * adv)).mean()``:
the contract's loss (``logp_old`` and the advantages enter only as constants of the arithmetic;
the contract treats them as constants, and here no gradient is asked of them).

Source: code-search file 2457609287, a PPO script's ``compute_loss_pi(data)``: ``pi, logp =
ac.pi(obs, act)``; ``ratio = torch.exp(logp - logp_old)``; ``ratio_clip = torch.clamp(ratio, 1 -
clip_ratio, 1 + clip_ratio)``; ``loss = -(torch.minimum(ratio * adv, ratio_clip * adv)).mean()``.
Ported: a function of ``(logp_new, logp_old, advantages, clip_eps)``; the ``pi_info`` extras are
left out.
"""
SOURCE = "code-search file 2457609287 (compute_loss_pi with torch.minimum)"
KIND = "control"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    logp, adv, clip_ratio = logp_new, advantages, clip_eps
    ratio = torch.exp(logp - logp_old)
    ratio_clip = torch.clamp(ratio, 1 - clip_ratio, 1 + clip_ratio)
    loss = -(torch.minimum(ratio * adv, ratio_clip * adv)).mean()
    return loss
