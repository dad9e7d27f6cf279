"""compute_gae: the recursion is never cut at a done, the rollout's last step gets no bootstrap,
and V(s_{t+1}) comes from the next row.

Source: https://github.com/rohitg00/ai-engineering-from-scratch/pull/54 (phases/09-reinforcement-
learning/07-actor-critic-a2c-a3c/code/main.py, ``gae_advantages``, as quoted in the review):
``next_v = 0.0 if traj[t]["done"] else (traj[t + 1]["v"] if t + 1 < T else 0.0)``; ``gae =
delta + gamma * lam * gae``. Ported: ``done`` is the environment's own (terminated); returns
are advantages + values.
"""
SOURCE = "https://github.com/rohitg00/ai-engineering-from-scratch/pull/54"
KIND = "gae: recursion across episode ends + no final bootstrap"
CAUSE = (r"episode (end|boundar)|crossed|leak|1 - done|last step|rollout's last|end of the "
         r"rollout|values\[t ?\+ ?1\]|next row|reset observation|use next_values")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = len(rewards)
    advantages = [0.0] * T
    gae = 0.0
    for t in reversed(range(T)):
        next_v = 0.0 if terminated[t] else (values[t + 1] if t + 1 < T else 0.0)
        delta = rewards[t] + gamma * next_v - values[t]
        gae = delta + gamma * lam * gae
        advantages[t] = gae
    adv = torch.stack([torch.as_tensor(a, dtype=rewards.dtype) for a in advantages]) \
        if T else torch.zeros_like(rewards)
    return adv, adv + values
