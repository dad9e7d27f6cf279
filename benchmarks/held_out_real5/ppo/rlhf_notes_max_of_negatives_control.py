"""Control: ppo_clip_loss written as the mean of ``max(-A * r, -A * clip(r))`` (the negated
minimum, as RLHF code writes it), ``r = exp(logp - logp_old)``: exactly the contract's
``-mean(min(r * A, clip(r) * A))``.

Source: code-search file 71064080462, RLHF-from-scratch notes, ``def ppo_loss(logp, logp_old, adv,
values, values_old, returns, mask, clip=0.2, vclip=0.2): ratio = torch.exp(logp - logp_old); pg =
torch.max(-adv * ratio, -adv * ratio.clamp(1 - clip, 1 + clip)); pg_loss = masked_mean(pg,
mask)``, plus a clipped value loss. Ported: the policy term alone, with every step real (the
masked mean of an all-ones mask is the mean); ``logp_old`` and the advantages detached as the
contract treats them as constants.
"""
SOURCE = "code-search file 71064080462 (RLHF notes ppo_loss, torch.max of negated terms)"
KIND = "control"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    logp, adv, clip = logp_new, advantages.detach(), clip_eps
    ratio = torch.exp(logp - logp_old.detach())
    pg = torch.max(-adv * ratio, -adv * ratio.clamp(1 - clip, 1 + clip))
    pg_loss = pg.mean()
    return pg_loss
