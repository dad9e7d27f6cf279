"""ppo_clip_loss whose ratio is clamped to ``[1 - eps, 1 + eps]`` BEFORE the two terms are formed,
so the "unclipped" term is clipped too and the loss is ``mean(-A * clip(r))``: where the contract's
pessimistic minimum takes the unclipped ``r * A`` (a ratio outside the range on the side that
hurts: r > 1 + eps with A < 0, r < 1 - eps with A > 0) this uses the clipped one, and no gradient
flows there.

Source: code-search file 4800570860, a diffusion-model GRPO ``compute_loss(method, log_probs,
kl_loss, rewards, beta, old_log_probs, ratio_clip=1e-1)`` (after DanceGRPO): ``ratio =
torch.exp(log_probs - old_log_probs.detach()).clamp(min=1. - ratio_clip, max=1. + ratio_clip);
unclipped_loss = -rewards * ratio; clipped_loss = -rewards * torch.clamp(ratio, 1.0 - ratio_clip,
1. + ratio_clip); first_term = torch.mean(torch.maximum(unclipped_loss, clipped_loss))``; ``loss =
first_term + beta * kl_loss.sum()``. Ported: ``rewards`` are the advantages (detached),
``ratio_clip = clip_eps``; the KL term is dropped (``beta = 0``).
"""
SOURCE = "code-search file 4800570860 (diffusion GRPO compute_loss, ratio clamped before the max)"
KIND = "ppo: ratio clipped before the minimum"
CAUSE = r"clamp\w* (the ratio )?(before|first)|clip\w* (the ratio )?(before|first)|both terms|unclipped term|always clip|clipped ratio (everywhere|only)|no (pessimistic )?min|without the min|min(imum)? (is )?(missing|dropped)|pessimistic"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    log_probs, rewards, ratio_clip = logp_new, advantages.detach(), clip_eps
    ratio = torch.exp(log_probs - logp_old.detach()).clamp(
        min=1. - ratio_clip, max=1. + ratio_clip
    )
    unclipped_loss = -rewards * ratio
    clipped_loss = -rewards * torch.clamp(ratio, 1.0 - ratio_clip, 1. + ratio_clip)
    first_term = torch.mean(torch.maximum(unclipped_loss, clipped_loss))
    return first_term
