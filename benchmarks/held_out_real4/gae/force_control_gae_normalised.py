"""compute_gae whose advantages are standardised after the returns are taken from them
(``(A - mean) / (std + 1e-8)``, sample std), where a truncated step counts as done (next value 0:
no bootstrap from its last observation), V(s_{t+1}) is the next row's value, and the last row
never bootstraps; values are read with ``.item()`` into Python floats.

Source: code-search file 57859741550, a force-control PPO script's GAE block: ``for t in
reversed(range(len(rewards))): if t == len(rewards) - 1 or dones[t]: next_v = 0.0 else: next_v =
values[t + 1].item(); delta = rewards[t] + gamma * next_v - values[t].item(); gae = delta + gamma
* lam * gae * (1 - dones[t]); advantages[t] = gae``; ``returns = advantages + torch.tensor([v.item()
for v in values])``; ``advantages = (advantages - advantages.mean()) / (advantages.std() +
1e-8)``. Ported: a function of the contract's arguments, ``dones = terminated | truncated``; one
environment (``(T,)``) as in the source; ``advantages = torch.zeros_like(rewards)``; returns
``(advantages, returns)``.
"""
SOURCE = "code-search file 57859741550 (force-control PPO GAE block, normalised advantages)"
KIND = "gae: advantages standardised (truncation as termination)"
CAUSE = (r"standardi[sz]|normali[sz]|whiten|mean.{0,30}(std|standard deviation)|z-?score|"
         r"truncat|bootstrap|next row|values\[t ?\+ ?1\]|shift|next_values|termination|last step")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).tolist()
    advantages = torch.zeros_like(rewards)
    gae = 0.0
    for t in reversed(range(len(rewards))):
        if t == len(rewards) - 1 or dones[t]:
            next_v = 0.0
        else:
            next_v = values[t + 1].item()
        delta = rewards[t] + gamma * next_v - values[t].item()
        gae = delta + gamma * lam * gae * (1 - dones[t])
        advantages[t] = gae
    returns = advantages + torch.tensor([v.item() for v in values], dtype=values.dtype)
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    return advantages, returns
