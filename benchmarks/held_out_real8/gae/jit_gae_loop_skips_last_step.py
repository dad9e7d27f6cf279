"""compute_gae from a TorchScript PPO trainer: the TD errors are right for terminations
(``next_values * (1 - terminations)``), but the backward loop starts at ``values.shape[0] - 2``,
so the LAST step's advantage is never written (it stays 0, and its return is just its value) and
the recursion starts from the second-to-last step; truncations never cut the recursion.

Source: code-search file 24595345419, ``delta = rewards + gamma * next_values * (1 - terminations)
- values; advantages = torch.zeros_like(rewards); lastgaelam = torch.zeros_like(rewards[0]); for t
in range(values.shape[0] - 2, -1, -1): lastgaelam = advantages[t] = delta[t] + gamma *
gae_lambda * (1 - terminations[t]) * lastgaelam; returns = advantages + values``. Ported:
``terminations`` is ``terminated`` in the values' dtype.
"""
SOURCE = "code-search file 24595345419"
KIND = "gae: loop skips the last step"
CAUSE = r"last (step|row|time)|final step|skip|zero|never (computed|written)|off.by.one|range|loop"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    terminations = terminated.to(values.dtype)
    delta = rewards + gamma * next_values * (1 - terminations) - values
    advantages = torch.zeros_like(rewards)
    lastgaelam = torch.zeros_like(rewards[0])
    for t in range(values.shape[0] - 2, -1, -1):
        lastgaelam = advantages[t] = delta[t] + gamma * lam * (1 - terminations[t]) * lastgaelam
    returns = advantages + values
    return advantages, returns
