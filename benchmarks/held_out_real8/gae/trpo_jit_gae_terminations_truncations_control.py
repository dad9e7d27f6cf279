"""A control: compute_gae from a TorchScript TRPO trainer: the TD errors bootstrap from
``next_values`` (the final observation's value after an episode's end) cut by ``terminations``, and
the recursion is cut by both flags, ``(1 - terminations[t]) * (1 - truncations[t])``; the returns
are the advantages plus the values.

Source: code-search file 58833941882, ``def calculate_gae_advantages_and_returns(rewards,
terminations, truncations, values, next_values, gamma, gae_lambda): delta = rewards + gamma *
next_values * (1 - terminations) - values; advantages = torch.zeros_like(rewards); lastgaelam =
torch.zeros_like(rewards[0]); for t in range(values.shape[0] - 1, -1, -1): lastgaelam =
advantages[t] = delta[t] + gamma * gae_lambda * (1 - terminations[t]) * (1 - truncations[t]) *
lastgaelam; returns = advantages + values``. Ported: the trainer's float 0/1 flags are the bool
flags in the values' dtype.
"""
SOURCE = "code-search file 58833941882"
KIND = "control: GAE with the two flags multiplied"
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    terminations = terminated.to(values.dtype)
    truncations = truncated.to(values.dtype)
    delta = rewards + gamma * next_values * (1 - terminations) - values
    advantages = torch.zeros_like(rewards)
    lastgaelam = torch.zeros_like(rewards[0])
    for t in range(values.shape[0] - 1, -1, -1):
        lastgaelam = advantages[t] = delta[t] + gamma * lam * (1 - terminations[t]) * (1 - truncations[t]) * lastgaelam
    returns = advantages + values
    return advantages, returns
