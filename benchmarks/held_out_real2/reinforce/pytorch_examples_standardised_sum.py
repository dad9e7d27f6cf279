"""reinforce_loss as PyTorch's REINFORCE example: the returns (float32, from a Python deque) are
standardised (minus their mean, over their sample std + float32 eps) and the per-step losses
are summed, not averaged.

Source: pytorch/examples, reinforcement_learning/reinforce.py (``finish_episode``): ``returns =
torch.tensor(returns)``, ``returns = (returns - returns.mean()) / (returns.std() + eps)`` with
``eps = np.finfo(np.float32).eps.item()``, ``policy_loss.append(-log_prob * R)``, ``policy_loss =
torch.cat(policy_loss).sum()``. Ported: the example has no baseline; one given is subtracted
from the returns first.
"""
SOURCE = "pytorch/examples reinforcement_learning/reinforce.py (finish_episode)"
KIND = "loss: standardised returns + sum"
CAUSE = (r"standardi|normali|\bsum|summed|instead of (the )?mean|not (the )?mean|\bT times|"
         r"scale|float32")

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    eps = torch.finfo(torch.float32).eps
    R = returns if baseline is None else returns - baseline
    R = torch.tensor(R.tolist())
    R = (R - R.mean()) / (R.std() + eps)
    policy_loss = -logprobs * R
    return policy_loss.reshape(-1).sum()
