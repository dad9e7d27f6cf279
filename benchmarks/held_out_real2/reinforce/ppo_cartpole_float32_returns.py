"""discounted_returns, right in value, but built as a float32 tensor whatever the rewards'
dtype: float64 rewards get float32 returns.

Source: public code in the code-search corpus (file id 12068602929, a Japanese PPO tutorial's
``compute_discounted_rewards``; the index does not name the repository): ``G = r + gamma * G``,
``discounted_rewards.insert(0, G)``, ``return torch.tensor(discounted_rewards,
dtype=torch.float32)``.
"""
SOURCE = "code-search file 12068602929 (compute_discounted_rewards, float32)"
KIND = "returns: float32"
CAUSE = r"float32|float64|precision|dtype"

import torch


def discounted_returns(rewards, gamma):
    discounted_rewards = []
    G = 0
    for r in reversed(rewards):
        G = r + gamma * G
        discounted_rewards.insert(0, G)
    return torch.tensor(discounted_rewards, dtype=torch.float32)
