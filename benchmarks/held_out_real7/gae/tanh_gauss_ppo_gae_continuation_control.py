"""A control: compute_gae from a tanh-Gaussian PPO for a fixed-base reaching task, whose docstring
says "termination does not bootstrap; a time-out still bootstraps, but both cut GAE across
episodes": the deltas are masked by ``terminated`` only and the recursion by ``(1 - terminated) *
(1 - truncated)``, with a 0-d running tensor.

Source: code-search file 70782161605, ``def compute_gae(rewards, values, next_values, terminated,
truncated, gamma, lmbda): deltas = rewards + gamma * next_values * (1 - terminated) - values;
advantages = torch.zeros_like(deltas); running = torch.zeros((), device=deltas.device); for t in
reversed(range(len(deltas))): continuation = (1 - terminated[t]) * (1 - truncated[t]); running =
deltas[t] + gamma * lmbda * continuation * running; advantages[t] = running; return advantages,
advantages + values``. Ported: the bool flags are made the rewards' dtype first (the source's
buffers hold floats); the running zero takes the rewards' dtype.
"""
SOURCE = "code-search file 70782161605"
KIND = "control: gae with terminated/truncated continuation"
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    terminated = terminated.to(rewards.dtype)
    truncated = truncated.to(rewards.dtype)
    deltas = rewards + gamma * next_values * (1 - terminated) - values
    advantages = torch.zeros_like(deltas)
    running = torch.zeros((), dtype=rewards.dtype)
    for t in reversed(range(len(deltas))):
        continuation = (1 - terminated[t]) * (1 - truncated[t])
        running = deltas[t] + gamma * lam * continuation * running
        advantages[t] = running
    return advantages, advantages + values
