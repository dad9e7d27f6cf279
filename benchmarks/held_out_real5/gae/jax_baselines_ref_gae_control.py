"""Control: compute_gae as a test's "independent scalar reference for the backward GAE recursion":
``delta = r + gamma * (1 - terminated) * next_values[t] - V``, ``last = delta + gamma * lam * (1 -
terminated) * (1 - truncated) * last``: exactly the contract's recursion, the two flags kept apart
(a truncated step bootstraps from ``next_values``; the recursion stops at either flag).

Source: code-search file 56403889940, regression tests of a JAX baselines library's GAE shape
contract: ``def _ref_gae(rewards, terminateds, truncateds, values, next_values): advs = [0.0] *
len(rewards); last = 0.0; for t in reversed(range(len(rewards))): delta = rewards[t] + GAMMA *
(1.0 - terminateds[t]) * next_values[t] - values[t]; last = delta + GAMMA * LAMBDA * (1.0 -
terminateds[t]) * (1.0 - truncateds[t]) * last; advs[t] = last; return advs``. Ported: ``GAMMA``
and ``LAMBDA`` are the arguments; the flags cast to the rewards' dtype; the list stacked into a
tensor; returns are the advantages plus ``values``.
"""
SOURCE = "code-search file 56403889940 (JAX baselines GAE tests, _ref_gae)"
KIND = "control"
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    GAMMA, LAMBDA = gamma, lam
    terminateds, truncateds = terminated.to(rewards.dtype), truncated.to(rewards.dtype)
    advs = [0.0] * len(rewards)
    last = 0.0
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + GAMMA * (1.0 - terminateds[t]) * next_values[t] - values[t]
        last = delta + GAMMA * LAMBDA * (1.0 - terminateds[t]) * (1.0 - truncateds[t]) * last
        advs[t] = last
    advantages = torch.stack([torch.as_tensor(a, dtype=rewards.dtype) for a in advs])
    return advantages, advantages + values
