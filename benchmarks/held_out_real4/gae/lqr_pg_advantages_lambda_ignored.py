"""compute_gae that ignores lambda (``advantage = advantage * gamma + deltas[t]``: the lambda = 1
sum) and episode ends (no done mask anywhere), with V(s_{t+1}) the next row's value and 0 after
the last row (``pad(values, (0, 0, 0, 1))``); the advantages are a float32 buffer.

Source: code-search file 34251037001, ``compute_advantages(states, rewards, value_net, gamma)``:
``values = torch.nn.functional.pad(values, (0, 0, 0, 1))``; ``deltas = rewards + gamma *
values[1:] - values[:-1]``; ``advantages = torch.zeros_like(deltas, dtype=torch.float32)``;
``for t in range(value_net.T - 1, -1, -1): advantage = advantage * gamma + deltas[t];
advantages[t] = advantage``. Ported: the values come in (the source evaluates ``value_net``);
a ``(T,)`` input is padded along its one axis; returns ``(advantages, advantages + values)``
since the source returns the advantages only.
"""
SOURCE = "code-search file 34251037001 (compute_advantages with gamma only)"
KIND = "gae: lambda ignored (no dones, next row's value)"
CAUSE = (r"lambda|\blam\b|λ|gamma \* lam|monte ?carlo|"
         r"terminat|done|episode (end|boundar)|across|next row|values\[t ?\+ ?1\]|shift|next_values|"
         r"bootstrap|truncat|last step|float32|precision")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    values = values.detach()
    if values.dim() == 1:
        values_p = torch.nn.functional.pad(values, (0, 1))
    else:
        values_p = torch.nn.functional.pad(values, (0, 0, 0, 1))

    deltas = rewards + gamma * values_p[1:] - values_p[:-1]
    advantages = torch.zeros_like(deltas, dtype=torch.float32)
    advantage = torch.zeros_like(deltas[0], dtype=torch.float32)

    for t in range(T - 1, -1, -1):
        advantage = advantage * gamma + deltas[t]
        advantages[t] = advantage

    return advantages, advantages + values
