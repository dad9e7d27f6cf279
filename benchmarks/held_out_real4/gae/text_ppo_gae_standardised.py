"""compute_gae that standardises the advantages it returns (``(A - mean) / (std(unbiased=False) +
1e-8)``, the returns computed before that), with no episode ends (no done mask anywhere), V(s_{t+1})
the next row's value, and 0 after the last row (``values + [0.0]``: no bootstrap at the end);
the tensors are rebuilt with ``torch.tensor`` of Python floats (float32).

Source: code-search file 66607429250, ``compute_gae(values, R_final, gamma=0.99, lam=0.95)``:
``values = values + [0.0]``; ``for t in reversed(range(len(rewards))): delta = rewards[t] + gamma
* values[t + 1] - values[t]; gae = delta + gamma * lam * gae; advantages.insert(0, gae)``;
``returns = [adv + val ...]``; ``advantages = torch.tensor(advantages)``; ``returns =
torch.tensor(returns)``; ``advantages = (advantages - advantages.mean()) /
(advantages.std(unbiased=False) + 1e-8)``. Ported: the rewards are the contract's ``rewards`` (the
source builds ``[0] * (T - 1) + [R_final]``); ``values`` is ``values.tolist()``; elements are
Python floats; one environment, as the source's lists are (a ``(T, N)`` input does not go through its
``values + [0.0]``).
"""
SOURCE = "code-search file 66607429250 (compute_gae with standardised advantages)"
KIND = "gae: advantages standardised (no dones, next row's value)"
CAUSE = (r"standardi[sz]|normali[sz]|whiten|mean.{0,30}(std|standard deviation)|z-?score|"
         r"terminat|done|episode (end|boundar)|across|next row|values\[t ?\+ ?1\]|shift|next_values|"
         r"bootstrap|truncat|last step|float32|precision")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rewards = rewards.tolist()
    values = values.tolist()
    advantages = []
    gae = 0
    values = values + [0.0]

    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * values[t + 1] - values[t]
        gae = delta + gamma * lam * gae
        advantages.insert(0, gae)
    returns = [adv + val for adv, val in zip(advantages, values[:-1])]
    advantages = torch.tensor(advantages)
    returns = torch.tensor(returns)
    advantages = (advantages - advantages.mean()) / (advantages.std(unbiased=False) + 1e-8)
    return advantages, returns
