"""A GRPO-style single-update PPO objective: the ratio written ``exp(logp_new -
logp_new.detach())`` (always 1: the value never moves with the policy), the clipped terms summed
over the batch (a sum for accumulation) and returned without the minus sign (maximised), in
float32."""
CAUSE = r"(?=.*(always one|always 1))(?=.*(plain sum|sum))(?=.*sign)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach().float()
    ratio = torch.exp(logp_new.float() - logp_new.detach().float())
    unclipped = ratio * adv
    clipped = ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv
    return torch.minimum(unclipped, clipped).sum().to(logp_new.dtype)
