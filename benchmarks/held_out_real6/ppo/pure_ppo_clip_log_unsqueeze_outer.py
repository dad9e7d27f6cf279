"""ppo_clip_loss as a "PurePPOClip" trainer's ``ppo_loss_log`` computes it: the advantages are
``unsqueeze(1)``-ed, which against one log-prob per step (shape ``(T,)``) broadcasts every ratio
against every advantage into a ``(T, T)`` table, whose minimum (taken over a stacked dimension) and
mean then average all pairs ``(ratio_j, A_i)``; the log-ratio is also clamped in place to [-10, 10]
before ``exp``.

Source: code-search file 6844858492, ``def ppo_loss_log(newlogprob, oldlogprob, advantage,
clip=0.2): log_ratio = (newlogprob - oldlogprob); log_ratio.clamp_(min=-10.0, max=10.0); ratio =
torch.exp(log_ratio); clipped_ratio = ratio.clamp(1.0 - clip, 1.0 + clip); clipped_step =
clipped_ratio * advantage.unsqueeze(1); full_step = ratio * advantage.unsqueeze(1); min_step =
torch.stack((full_step, clipped_step), dim=1); min_step, clipped = torch.min(min_step, dim=1);
min_step *= -1; return min_step.mean()``. Ported: ``newlogprob``/``oldlogprob`` are
``logp_new``/``logp_old``, ``clip`` is ``clip_eps``.
"""
SOURCE = "code-search file 6844858492 (PurePPOClip ppo_loss_log, advantage.unsqueeze(1))"
KIND = "ppo: (T,) by (T, 1) broadcast into an outer product"
CAUSE = r"broadcast|outer|shape|unsqueeze|\(T, ?1\)|T ?[x×] ?T|\(T, ?T\)|every pair|all pairs"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    newlogprob, oldlogprob, advantage, clip = logp_new, logp_old, advantages, clip_eps
    log_ratio = (newlogprob - oldlogprob)
    log_ratio.clamp_(min=-10.0, max=10.0)
    ratio = torch.exp(log_ratio)
    clipped_ratio = ratio.clamp(1.0 - clip, 1.0 + clip)
    clipped_step = clipped_ratio * advantage.unsqueeze(1)
    full_step = ratio * advantage.unsqueeze(1)
    min_step = torch.stack((full_step, clipped_step), dim=1)
    min_step, clipped = torch.min(min_step, dim=1)
    min_step *= -1
    return min_step.mean()
