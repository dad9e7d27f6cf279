"""The lambda-returns first and the advantages second, with a float32 mask."""
CAUSE = r"other order, \(returns, advantages\)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    discount = gamma * lam * (1.0 - (terminated | truncated).float())
    steps = [deltas[-1]]
    for delta, d in zip(deltas.flip(0)[1:], discount.flip(0)[1:]):
        steps.append(delta + d * steps[-1])
    adv = torch.stack(steps).flip(0)
    return adv + values, adv
