"""Vectorised: a (T, T) matrix of (gamma * lam) ** (k - t) applied to the TD errors, which
ignores where episodes end; an extra eps-sized offset in the discount."""
CAUSE = r"recursion runs across episode ends|leaked across an episode boundary"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    T = deltas.shape[0]
    steps = torch.arange(T, dtype=torch.float64)
    ahead = steps[None, :] - steps[:, None]
    weights = torch.where(ahead >= 0, (gamma * lam + 1e-9) ** ahead.clamp(min=0),
                          torch.zeros_like(ahead)).to(deltas.dtype)
    advantages = torch.tensordot(weights, deltas, dims=([1], [0]))
    return advantages, advantages + values
