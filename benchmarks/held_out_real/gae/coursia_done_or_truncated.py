"""compute_gae with ``done = terminated or truncated`` in both masks and V(s_{t+1}) from the
next row of values.

Source: https://github.com/jsboige/CoursIA/pull/7825 (rl_6c_ppo_from_scratch.ipynb): the
rollout stored ``done = terminated or truncated``; ``compute_gae`` did ``delta = rewards[t] +
gamma * values[t + 1] * (1 - dones[t]) - values[t]; gae = delta + gamma * lam * (1 -
dones[t]) * gae``. Ported from the lines the PR quotes; values[T] is next_values[-1].
"""
SOURCE = "https://github.com/jsboige/CoursIA/pull/7825"
KIND = "gae: truncation as termination + next row's value"
CAUSE = r"truncat|values\[t ?\+ ?1\]|next row|reset observation|use next_values"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    values = torch.cat([values, next_values[-1:]], dim=0)
    advantages = torch.zeros_like(rewards)
    gae = 0.0
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * values[t + 1] * (1 - dones[t]) - values[t]
        gae = delta + gamma * lam * (1 - dones[t]) * gae
        advantages[t] = gae
    return advantages, advantages + values[:-1]
