"""discounted_returns (the source's ``compute_advantages``) with the right backward recursion but
the MEAN of the returns subtracted before they are returned (``discounted_rewards -
np.mean(discounted_rewards)``): returns centred on zero instead of the returns themselves.

Source: code-search file 21912120086, a natural-policy-gradient agent for a DangerousDave gym
environment: ``def compute_advantages(rewards, gamma=0.95): discounted_rewards = []; running_add
= 0; for r in rewards[::-1]: running_add = running_add * gamma + r;
discounted_rewards.append(running_add); discounted_rewards.reverse(); return discounted_rewards -
np.mean(discounted_rewards)``. Ported: the rewards are read as Python floats from the tensor;
the numpy result is returned as a tensor of the rewards' dtype.
"""
SOURCE = "code-search file 21912120086 (DangerousDave NPG compute_advantages, minus the mean)"
KIND = "reinforce: returns centred"
CAUSE = r"\bmean\b|centr|subtract|baseline|averag|shift|constant|offset"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    dtype = rewards.dtype
    rewards = rewards.tolist()
    discounted_rewards = []
    running_add = 0
    for r in rewards[::-1]:
        running_add = running_add * gamma + r
        discounted_rewards.append(running_add)
    discounted_rewards.reverse()
    return torch.as_tensor(discounted_rewards - np.mean(discounted_rewards)).to(dtype)
