"""The recursion is cut by ``terminated`` alone, with every mask built by ``.float()``."""
CAUSE = r"cut at terminations only|crossed a truncation"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    nonterminal = 1.0 - terminated.float()
    advantages = torch.zeros_like(deltas)
    gae = 0.0
    for t in reversed(range(deltas.shape[0])):
        gae = deltas[t] + gamma * lam * nonterminal[t] * gae
        advantages[t] = gae
    return advantages, advantages + values
