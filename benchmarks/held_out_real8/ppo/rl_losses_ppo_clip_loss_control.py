"""A control: ppo_clip_loss from an RL loss-function module (PPO clip, SAC, DDPG, A2C):
``ratio = exp(log_probs - old_log_probs)``, ``-min(ratio * A, clamp(ratio) * A).mean()``.

Source: code-search file 52977417506, ``def ppo_clip_loss(log_probs, old_log_probs, advantages,
clip_eps=0.2): ratio = torch.exp(log_probs - old_log_probs); surr1 = ratio * advantages; surr2 =
torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * advantages; return -torch.min(surr1,
surr2).mean()``. Ported: ``log_probs`` is ``logp_new``; the old log-probs and advantages are
detached, as the module's callers pass them (rollout buffers).
"""
SOURCE = "code-search file 52977417506"
KIND = "control: textbook PPO clip loss"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    log_probs, old_log_probs, advantages = logp_new, logp_old.detach(), advantages.detach()
    ratio = torch.exp(log_probs - old_log_probs)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * advantages
    return -torch.min(surr1, surr2).mean()
