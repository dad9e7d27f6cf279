"""The value targets are the discounted rewards to go, cut at every end with no bootstrap (a
separate Monte Carlo loop, as REINFORCE-with-baseline homework computes them)."""
CAUSE = r"discounted rewards to go"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    keep = (~(terminated | truncated)).to(rewards.dtype)
    advantages, returns = torch.zeros_like(deltas), torch.zeros_like(deltas)
    gae, ret = torch.zeros_like(deltas[0]), torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        gae = deltas[t] + gamma * lam * keep[t] * gae
        ret = rewards[t] + gamma * keep[t] * ret
        advantages[t], returns[t] = gae, ret
    return advantages, returns
