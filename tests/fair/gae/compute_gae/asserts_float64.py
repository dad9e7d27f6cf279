"""Asserts from the docstring, float64 inside, a keyword-only option of the student's own."""
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam, *,
                normalise=False):
    assert rewards.shape == values.shape == next_values.shape
    assert terminated.dtype == truncated.dtype == torch.bool
    assert 0 <= lam <= 1
    r, v, nv = (x.to(torch.float64) for x in (rewards, values, next_values))
    delta = r + gamma * nv * (~terminated) - v
    keep = gamma * lam * (~(terminated | truncated)).to(torch.float64)
    adv = torch.zeros_like(delta)
    acc = torch.zeros_like(delta[0])
    for t in range(delta.shape[0] - 1, -1, -1):
        acc = delta[t] + keep[t] * acc
        adv[t] = acc
    if normalise:
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    return adv.to(rewards.dtype), (adv + v).to(rewards.dtype)
