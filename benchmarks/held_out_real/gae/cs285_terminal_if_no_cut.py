"""compute_gae (CS285 hw2 style): no bootstrap at a path's end, V(s_{t+1}) from the next row,
and a recursion that is never cut.

Source: AkshayThiru/homework_fall2022, hw2/cs285/agents/pg_agent.py, ``estimate_advantage``:
``values = np.append(values, [0])``; ``if terminals[i] == 1: delta = rews[i] - values[i]``
``else: delta = rews[i] + gamma * values[i + 1] - values[i]``; ``advantages[i] = delta + gamma *
gae_lambda * advantages[i + 1]``. Ported: ``terminals`` (1 at the last step of every path,
time limits included) is terminated or truncated; the returns are advantages + values.
"""
SOURCE = "AkshayThiru/homework_fall2022 hw2/cs285/agents/pg_agent.py (estimate_advantage)"
KIND = "gae: recursion across episode ends + next row's value"
CAUSE = (r"values\[t ?\+ ?1\]|next row|reset observation|use next_values|episode (end|boundar)"
         r"|crossed|leak|1 - done|last step|truncat")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    terminals = terminated | truncated
    values = torch.cat([values, torch.zeros_like(values[:1])])
    batch_size = rewards.shape[0]
    advantages = torch.zeros_like(values)
    for i in reversed(range(batch_size)):
        if terminals[i] == 1:
            delta_t = rewards[i] - values[i]
        else:
            delta_t = rewards[i] + gamma * values[i + 1] - values[i]
        advantages[i] = delta_t + gamma * lam * advantages[i + 1]
    advantages = advantages[:-1]
    return advantages, advantages + values[:-1]
