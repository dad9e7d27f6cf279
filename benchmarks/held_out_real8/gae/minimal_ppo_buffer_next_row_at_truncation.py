"""compute_gae from a minimal PPO agent's rollout buffer, which says terminations and truncations
must be told apart: the bootstrap is cut on ``terminated`` only and the recursion on ``done``
(terminated or truncated), but the value bootstrapped from is the NEXT ROW of ``values``
(``values[step + 1]``, the reset state's value after an episode's end), not the value of the
truncated episode's last observation; only the rollout's last step uses ``last_value``.

Source: code-search file 69556359204, ``for step in reversed(range(len(rewards))): next_value =
last_value if step == len(rewards) - 1 else values[step + 1]; next_non_terminal = 1.0 -
terminated[step]; delta = rewards[step] + gamma * next_value * next_non_terminal - values[step];
last_gae = delta + gamma * gae_lambda * (1.0 - done[step]) * last_gae``. Ported: ``last_value`` is
the last row of ``next_values``; ``done`` is ``terminated | truncated``.
"""
SOURCE = "code-search file 69556359204"
KIND = "gae: truncation bootstraps from the next row"
CAUSE = r"next_values|next (row|state|observation)|reset|values\[t ?\+ ?1\]|shift|truncat|final observation|last observation"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    term = terminated.to(values.dtype)
    done = torch.clamp(term + truncated.to(values.dtype), max=1.0)
    last_value = next_values[-1]
    advantages = torch.zeros_like(rewards)
    last_gae = torch.zeros_like(values[0])
    for step in reversed(range(len(rewards))):
        next_value = last_value if step == len(rewards) - 1 else values[step + 1]
        next_non_terminal = 1.0 - term[step]
        delta = rewards[step] + gamma * next_value * next_non_terminal - values[step]
        last_gae = delta + gamma * lam * (1.0 - done[step]) * last_gae
        advantages[step] = last_gae
    return advantages, advantages + values
