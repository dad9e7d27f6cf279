"""compute_gae with the contract's masks (termination cuts the bootstrap, either flag cuts the
recursion) but a float32 advantage buffer (``np.zeros_like(rewards, dtype=np.float32)``), so
float64 inputs come back rounded to float32; and ``terminated[t] or truncated[t]`` is Python's
``or`` on the row, which fails for ``(T, N)`` inputs (the truth value of an array).

Source: code-search file 69083982699 (a MAPPO module's GAE helper): ``advantages =
np.zeros_like(rewards, dtype=np.float32)``, ``trace = 0.0``, ``for t in
reversed(range(len(rewards))): delta = rewards[t] + gamma * next_values[t] * (1 - terminated[t])
- values[t]; trace = delta + gamma * gae_lambda * (1 - (terminated[t] or truncated[t])) * trace;
advantages[t] = trace``, ``return advantages, advantages + values``. Ported: numpy arrays from the
tensors (``.numpy()``), the results back as tensors (``torch.from_numpy``).
"""
SOURCE = "code-search file 69083982699 (MAPPO GAE helper, float32 buffer)"
KIND = "gae: float32 buffer + one environment only"
CAUSE = r"float32|single precision|dtype|precision|\(T, ?N\)|several environments|batch of environments|2-?d|two.?dim|shape|truth value|ambiguous"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rewards, values, next_values = (x.detach().numpy() for x in (rewards, values, next_values))
    terminated, truncated = terminated.numpy(), truncated.numpy()
    gae_lambda = lam
    advantages = np.zeros_like(rewards, dtype=np.float32)
    trace = 0.0
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * next_values[t] * (1 - terminated[t]) - values[t]
        trace = delta + gamma * gae_lambda * (1 - (terminated[t] or truncated[t])) * trace
        advantages[t] = trace
    return torch.from_numpy(advantages), torch.from_numpy(advantages + values)
