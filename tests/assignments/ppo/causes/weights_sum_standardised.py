"""Stable-Baselines3's PPO loss with ``normalize_advantage`` done inside the loss (sample std,
eps 1e-8) and the batch mean replaced by a sum (a minibatch loss summed for accumulation)."""
CAUSE = r"(?=.*(plain sum|sums))(?=.*(standardis|normalised))"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    mean, std = advantages.detach().mean(), advantages.detach().std()
    ratio = (logp_new - logp_old.detach()).exp()
    policy_loss = -torch.min(ratio * ((advantages.detach() - mean) / (std + 1e-8)),
                             ratio.clamp(1.0 - clip_eps, 1.0 + clip_eps)
                             * ((advantages.detach() - mean) / (std + 1e-8)))
    return policy_loss.sum()
