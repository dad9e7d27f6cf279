"""group_advantages written as the first step of a GRPO loss: always standardised ("组内标准化优势"),
whatever ``normalize_std`` says, and divided by the SAMPLE standard deviation
(``rewards.std(dim=1, keepdim=True)``: torch's default, G - 1) plus eps.

Source: code-search file 53597197275, GRPO study notes, ``grpo_loss(logp_new, logp_old, rewards,
clip_eps=0.2, kl_beta=0.0, logp_ref=None, eps=1e-8)``: ``adv = rewards - rewards.mean(dim=1,
keepdim=True); adv = adv / (rewards.std(dim=1, keepdim=True) + eps)``, then a PPO-style clipped
objective. Ported: the advantage step alone, on the ``(P, G)`` rewards (the source's ``[B, G]``);
``eps`` passed through; ``normalize_std`` accepted and unused.
"""
SOURCE = "code-search file 53597197275 (GRPO notes grpo_loss, group-standardised advantages)"
KIND = "grpo: always normalised, sample std"
CAUSE = r"always (normalis|standardis|divid)|normali[sz]e_std|standardis|normalis|divid\w* by (the )?(group'?s? )?(sample )?(std|standard deviation)|sample (std|standard deviation)|unbiased|G ?- ?1|bessel"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    adv = rewards - rewards.mean(dim=1, keepdim=True)
    adv = adv / (rewards.std(dim=1, keepdim=True) + eps)
    return adv
