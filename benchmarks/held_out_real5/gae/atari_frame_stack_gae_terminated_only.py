"""compute_gae that cuts both the bootstrap and the recursion on ``terminated`` only: a truncated
step's advantage keeps flowing into the next episode's first step, and the next state's value is
the NEXT ROW of ``values`` except at the last step (where ``next_values`` is used), so a
truncated step bootstraps from the reset observation's value.

Source: code-search file 59921767785, an Atari (frame-stack) PPO script: ``def compute_gae(rewards,
values, next_values, terminateds, gamma, lam)`` ("delta_t = r_t + gamma * V(s_{t+1}) * (1 -
terminated_t) - V(s_t)"): ``if t == len(rewards) - 1: next_value = next_values[t] else:
next_value = values[t + 1]; delta = rewards[t] + gamma * next_value * (1.0 - terminateds[t]) -
values[t]; gae = delta + gamma * lam * (1.0 - terminateds[t]) * gae; advantages.insert(0, gae)``.
Ported: the flags cast to the rewards' dtype; the list stacked into a tensor; returns are the
advantages plus ``values``; ``truncated`` accepted and unused.
"""
SOURCE = "code-search file 59921767785 (Atari PPO compute_gae, terminated only, values[t + 1])"
KIND = "gae: truncation ignored, next row of values"
CAUSE = r"truncat|episode|across|reset|done|bootstrap|next_values|values\[t ?\+ ?1\]|next (row|state)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    terminateds = terminated.to(rewards.dtype)
    advantages = []
    gae = 0.0
    for t in reversed(range(len(rewards))):
        if t == len(rewards) - 1:
            next_value = next_values[t]
        else:
            next_value = values[t + 1]
        delta = rewards[t] + gamma * next_value * (1.0 - terminateds[t]) - values[t]
        gae = delta + gamma * lam * (1.0 - terminateds[t]) * gae
        advantages.insert(0, gae)
    advantages = torch.stack(advantages)
    return advantages, advantages + values
