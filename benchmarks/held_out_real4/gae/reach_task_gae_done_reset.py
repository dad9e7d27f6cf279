"""compute_gae that handles a done step by zeroing both the next value and the running sum, but
treats truncation as termination (no bootstrap from its last observation), takes V(s_{t+1}) from
the next row, never bootstraps after the last row, and builds the advantages as a float32
``torch.tensor`` of Python numbers.

Source: code-search file 38624019545, a PPO reaching task's ``compute_gae(rewards, values, dones,
gamma=0.99, lam=0.95)``: ``if t == len(rewards) - 1: next_value = 0 else: next_value = values[t +
1]``; ``if dones[t]: next_value = 0; gae = 0``; ``delta = rewards[t] + gamma * next_value -
values[t]``; ``gae = delta + gamma * lam * gae``; ``advantages.insert(0, gae)``; ``return
torch.tensor(advantages, dtype=torch.float32)``. Ported: ``dones = terminated | truncated``
(elements are Python floats, per environment for a ``(T, N)`` batch via ``torch.where``);
returns ``(advantages, advantages + values)`` since the source returns the advantages only.
"""
SOURCE = "code-search file 38624019545 (PPO reaching task compute_gae, dones reset gae)"
KIND = "gae: truncation as termination (next row's value, float32)"
CAUSE = (r"truncat|bootstrap|next row|values\[t ?\+ ?1\]|following row|shift|next_values|"
         r"termination|last step|float32|precision")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = terminated | truncated
    advantages = []
    gae = torch.zeros_like(rewards[0])
    for t in reversed(range(len(rewards))):
        if t == len(rewards) - 1:
            next_value = torch.zeros_like(values[0])
        else:
            next_value = values[t + 1]
        next_value = torch.where(dones[t], torch.zeros_like(next_value), next_value)
        gae = torch.where(dones[t], torch.zeros_like(gae), gae)
        delta = rewards[t] + gamma * next_value - values[t]
        gae = delta + gamma * lam * gae
        advantages.insert(0, gae)
    advantages = torch.tensor(torch.stack(advantages).tolist(), dtype=torch.float32)
    return advantages, advantages + values
