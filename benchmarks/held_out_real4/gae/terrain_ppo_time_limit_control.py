"""Control: compute_gae that "bootstraps time limits from their final state, but never across a
reset": ``delta = r + gamma * next_values * (1 - terminated) - values`` and ``A = delta + gamma *
lam * (1 - done) * A_next``, returns ``(advantages, advantages + values)``: the contract's.

Source: code-search file 69475118486, a PPO trainer's ``compute_gae(rewards, values, next_values,
terminated, done, gamma=0.99, gae_lambda=0.95)``: ``advantages = torch.zeros_like(rewards)``;
``accumulator = torch.zeros(rewards.shape[1], device=rewards.device)``; ``for t in
reversed(range(len(rewards))): delta = rewards[t] + gamma * next_values[t] * (1 - terminated[t]) -
values[t]; accumulator = delta + gamma * gae_lambda * (1 - done[t]) * accumulator; advantages[t] =
accumulator``; ``return advantages, advantages + values``. Ported: ``done = terminated |
truncated``; the flags, bool in the contract, are made the rewards' dtype (the source takes float
flags); the accumulator has shape ``rewards.shape[1:]`` (the source's ``rewards.shape[1]`` assumes a
``(T, N)`` batch) and the rewards' dtype.
"""
SOURCE = "code-search file 69475118486 (compute_gae bootstrapping time limits)"
KIND = "control"
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    gae_lambda = lam
    done = (terminated | truncated).to(rewards.dtype)
    terminated = terminated.to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    accumulator = torch.zeros(rewards.shape[1:], dtype=rewards.dtype, device=rewards.device)
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * next_values[t] * (1 - terminated[t]) - values[t]
        accumulator = delta + gamma * gae_lambda * (1 - done[t]) * accumulator
        advantages[t] = accumulator
    return advantages, advantages + values
