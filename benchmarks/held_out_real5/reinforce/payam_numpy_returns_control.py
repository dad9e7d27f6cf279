"""Control: discounted_returns in numpy: a buffer ``np.zeros_like(rewards)`` (the rewards' own
dtype) filled backwards with ``cumulative_reward = rewards[t] + gamma * cumulative_reward``:
exactly ``G_t = r_t + gamma * G_{t+1}``, ``G_T = 0``.

Source: code-search file 47281524919, a short numpy module: ``def
calculate_discounted_rewards(rewards, gamma): discounted_rewards = np.zeros_like(rewards);
cumulative_reward = 0; for t in reversed(range(len(rewards))): cumulative_reward = rewards[t] +
gamma * cumulative_reward; discounted_rewards[t] = cumulative_reward; return
discounted_rewards``. Ported: numpy of the tensor in, ``torch.from_numpy`` of the buffer out.
"""
SOURCE = "code-search file 47281524919 (calculate_discounted_rewards, numpy zeros_like)"
KIND = "control"
CORRECT = True

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    rewards = rewards.detach().numpy()
    discounted_rewards = np.zeros_like(rewards)
    cumulative_reward = 0
    for t in reversed(range(len(rewards))):
        cumulative_reward = rewards[t] + gamma * cumulative_reward
        discounted_rewards[t] = cumulative_reward
    return torch.from_numpy(discounted_rewards)
