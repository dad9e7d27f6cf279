"""compute_gae takes V(s_{t+1}) from the next row of values, cuts bootstrap and recursion at
every done (truncations included), and returns float32.

Source: dongparoo/enhanced-ppo-mobile-robot-nav, utils.py, ``compute_gae``: ``values = values +
[last_value]``, ``delta = r[i] + gamma * values[i+1] * (1 - dones[i]) - values[i]``, the same
``(1 - dones[i])`` in the recursion, ``torch.tensor(advantages, dtype=torch.float32)``.
Ported: ``dones`` is the env's done (terminated or truncated), ``last_value`` is
``next_values[-1]``; lists of tensors stacked, then cast to float32 as the source does.
"""
SOURCE = "dongparoo/enhanced-ppo-mobile-robot-nav utils.py (compute_gae)"
KIND = "gae: next row's value + truncation as termination"
CAUSE = r"values\[t ?\+ ?1\]|next row|reset observation|use next_values|truncat|float32"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    values = torch.cat([values, next_values[-1:]], dim=0)          # values + [last_value]
    advantages = [0.0] * len(rewards)
    gae = 0.0
    for i in reversed(range(len(rewards))):
        delta = rewards[i] + gamma * values[i + 1] * (1 - dones[i]) - values[i]
        gae = delta + gamma * lam * (1 - dones[i]) * gae
        advantages[i] = gae
    returns = [adv + v for adv, v in zip(advantages, values[:-1])]
    return torch.stack(advantages).to(torch.float32), torch.stack(returns).to(torch.float32)
