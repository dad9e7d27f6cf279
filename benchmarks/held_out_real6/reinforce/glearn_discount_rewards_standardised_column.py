"""discounted_returns as a REINFORCE trainer's ``calculate_discount_rewards`` computes them: the
returns are right, then standardised with numpy's population std and no epsilon, ``(G - mean) /
std``, and reshaped into a column (``np.expand_dims(..., -1)``, shape ``(T, 1)``) for the policy
loss's feed.

Source: code-search file 19555082770, a ``ReinforceTrainer``: ``def calculate_discount_rewards(self,
rewards): trajectory_length = len(rewards); reward = 0; discount_rewards =
np.zeros(trajectory_length); for i in reversed(range(trajectory_length)): reward = rewards[i] +
self.gamma * reward; discount_rewards[i] = reward; std = np.std(discount_rewards); mean =
np.mean(discount_rewards); discount_rewards = (discount_rewards - mean) / std; discount_rewards =
np.expand_dims(discount_rewards, -1); return discount_rewards``. Ported: ``self.gamma`` is
``gamma``, the rewards as a numpy array, the column returned as a tensor of the rewards' dtype.
"""
SOURCE = "code-search file 19555082770 (ReinforceTrainer.calculate_discount_rewards, standardised column)"
KIND = "reinforce: returns standardised, (T, 1) column"
CAUSE = r"standardi|normali|z.?score|mean.*std|shape|\(T, ?1\)|column|expand_dims"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    rewards_np = rewards.detach().numpy()
    trajectory_length = len(rewards_np)
    reward = 0
    discount_rewards = np.zeros(trajectory_length)
    for i in reversed(range(trajectory_length)):
        reward = rewards_np[i] + gamma * reward
        discount_rewards[i] = reward
    std = np.std(discount_rewards)
    mean = np.mean(discount_rewards)
    discount_rewards = (discount_rewards - mean) / std
    discount_rewards = np.expand_dims(discount_rewards, -1)
    return torch.as_tensor(discount_rewards).to(rewards.dtype)
