"""ppo_clip_loss computed from probabilities, as the "PurePPOClip" trainer's ``ppo_loss`` does:
``ratio = newprob / oldprob`` instead of ``exp(logp_new - logp_old)``, so for actions of very small
probability both ``exp`` underflow and the ratio becomes ``0 / 0 = nan`` (or ``inf``), and rounding
of the two probabilities moves the ratio where the log-ratio is exact; the clipped minimum is taken
over a stacked dimension and negated.

Source: code-search file 12439186392, ``def ppo_loss(newprob, oldprob, advantage, clip=0.2): ratio
= newprob / oldprob; clipped_ratio = ratio.clamp(1.0 - clip, 1.0 + clip); clipped_step =
clipped_ratio * advantage; full_step = ratio * advantage; min_step = torch.stack((full_step,
clipped_step), dim=1); min_step, clipped = torch.min(min_step, dim=1); min_step *= -1; return
min_step.mean()``. Ported: the taken actions' probabilities are ``exp(logp_new)`` and
``exp(logp_old)``, ``clip`` is ``clip_eps``.
"""
SOURCE = "code-search file 12439186392 (PurePPOClip ppo_loss, ratio = newprob / oldprob)"
KIND = "ppo: ratio of probabilities (underflow)"
CAUSE = r"underflow|probabilit|nan|0 ?/ ?0|inf\b|exp|log.?space|divid"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    newprob, oldprob, advantage, clip = torch.exp(logp_new), torch.exp(logp_old), advantages, clip_eps
    ratio = newprob / oldprob
    clipped_ratio = ratio.clamp(1.0 - clip, 1.0 + clip)
    clipped_step = clipped_ratio * advantage
    full_step = ratio * advantage
    min_step = torch.stack((full_step, clipped_step), dim=1)
    min_step, clipped = torch.min(min_step, dim=1)
    min_step *= -1
    return min_step.mean()
