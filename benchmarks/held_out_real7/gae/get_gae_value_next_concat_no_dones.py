"""compute_gae from a small ``get_gae`` helper: the values are extended with the rollout's final
``value_next`` and each step bootstraps from the NEXT ROW of that array; there is no done flag at
all, so neither a termination nor a truncation stops the bootstrap or the recursion.

Source: code-search file 49428072936, ``def get_gae(gamma, lam, rewards, value_estimates,
value_next): mb_advs = np.zeros_like(rewards); lastgaelam = 0; value_estimates =
np.concatenate((value_estimates, value_next), axis=0); for t in reversed(range(rewards.shape[0])):
delta = rewards[t] + gamma * value_estimates[t + 1] - value_estimates[t]; mb_advs[t] = lastgaelam
= delta + gamma * lam * lastgaelam; mb_returns = mb_advs + value_estimates[:-1, ...]``. Ported:
``value_next`` is the last row of ``next_values``.
"""
SOURCE = "code-search file 49428072936"
KIND = "gae: no dones, next value from the next row"
CAUSE = r"terminat|done|episode|across|next_values|next (row|state)|shift|reset"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    mb_advs = torch.zeros_like(rewards)
    lastgaelam = 0
    value_estimates = torch.cat((values, next_values[-1:]), dim=0)
    for t in reversed(range(rewards.shape[0])):
        delta = rewards[t] + gamma * value_estimates[t + 1] - value_estimates[t]
        mb_advs[t] = lastgaelam = delta + gamma * lam * lastgaelam
    mb_returns = mb_advs + value_estimates[:-1, ...]
    return mb_advs, mb_returns
