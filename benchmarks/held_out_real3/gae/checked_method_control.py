"""Control: compute_gae as a trainer's method that checks every tensor has the rewards' shape,
then runs the contract's recursion with a carry shaped like one row (so ``(T,)`` and ``(T, N)``
both work): termination disables the bootstrap, either flag stops the recursion.

Source: code-search file 69124132264 (an advantage-weighted trainer's ``gae``): "next_values[t]
belongs to the observation BEFORE any episode reset. Termination disables bootstrap; time limits
bootstrap but stop the GAE recursion", ``if not all(x.shape == rewards.shape for x in (values,
dones, next_values, terminated)): raise ValueError(...)``, ``carry = torch.zeros_like(rewards[0])``,
``delta = rewards[t] + self.gamma * next_values[t] * (1 - terminated[t]) - values[t]``, ``carry =
delta + self.gamma * self.gae_lambda * (1 - dones[t]) * carry``, ``return advantages, advantages
+ values``. Ported: ``dones = terminated | truncated``, both as floats (the trainer stores floats);
``self.gamma``/``self.gae_lambda`` are the arguments.
"""
SOURCE = "code-search file 69124132264 (shape-checked GAE method)"
KIND = "control"
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    terminated = terminated.to(rewards.dtype)
    if not all(x.shape == rewards.shape for x in (values, dones, next_values, terminated)):
        raise ValueError('All GAE tensors must have matching [T, ...] shapes')
    advantages = torch.zeros_like(rewards)
    carry = torch.zeros_like(rewards[0])
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * next_values[t] * (1 - terminated[t]) - values[t]
        carry = delta + gamma * lam * (1 - dones[t]) * carry
        advantages[t] = carry
    return advantages, advantages + values
