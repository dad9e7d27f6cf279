"""discounted_returns with the right backward recursion in a float32 buffer, then standardised
("Normalize rewards for stability": minus their mean, divided by their population std plus
1e-9): the answer is standardised returns, not the returns, and in float32.

Source: code-search file 17960160145, a Keras policy-gradient script, "4. Compute Discounted
Rewards": ``discounted_rewards = np.zeros_like(rewards, dtype=np.float32); cumulative_reward =
0.0; for t in reversed(range(len(rewards))): cumulative_reward = rewards[t] + gamma *
cumulative_reward; discounted_rewards[t] = cumulative_reward; discounted_rewards -=
np.mean(discounted_rewards); discounted_rewards /= (np.std(discounted_rewards) + 1e-9)``.
Ported: numpy of the tensor in, ``torch.from_numpy`` of the buffer out.
"""
SOURCE = "code-search file 17960160145 (Keras PG compute_discounted_rewards, standardised, float32)"
KIND = "reinforce: returns standardised"
CAUSE = r"normali[sz]|standardi[sz]|whiten|\bmean\b|centr|std|standard deviation|float32|single precision"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    rewards = rewards.detach().numpy()
    discounted_rewards = np.zeros_like(rewards, dtype=np.float32)
    cumulative_reward = 0.0
    for t in reversed(range(len(rewards))):
        cumulative_reward = rewards[t] + gamma * cumulative_reward
        discounted_rewards[t] = cumulative_reward
    discounted_rewards -= np.mean(discounted_rewards)
    discounted_rewards /= (np.std(discounted_rewards) + 1e-9)
    return torch.from_numpy(discounted_rewards)
