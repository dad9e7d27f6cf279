"""discounted_returns with the discount hard-coded to 0.99 (``running_add * 0.99 + r``): the
``gamma`` argument is ignored, so the returns are right only when gamma is 0.99.

Source: code-search file 22276076075, a TRPO training loop: ``discounted_rewards = []; running_add
= 0; for r in rewards[::-1]: running_add = running_add * 0.99 + r;
discounted_rewards.append(running_add); discounted_rewards.reverse()``; ``rewards =
np.array(discounted_rewards)``. Ported: a function of ``(rewards, gamma)``; the rewards are read
as Python floats from the tensor; the numpy array returned as a tensor of the rewards' dtype.
"""
SOURCE = "code-search file 22276076075 (TRPO loop, running_add * 0.99 + r)"
KIND = "reinforce: gamma ignored"
CAUSE = r"gamma|discount (factor|rate)|0\.99|hard.?coded|fixed|ignor"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    dtype = rewards.dtype
    rewards = rewards.tolist()
    discounted_rewards = []
    running_add = 0
    for r in rewards[::-1]:
        running_add = running_add * 0.99 + r
        discounted_rewards.append(running_add)
    discounted_rewards.reverse()
    return torch.from_numpy(np.array(discounted_rewards)).to(dtype)
