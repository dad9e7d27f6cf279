"""Control: discounted_returns as a numpy backward loop (``running_add = running_add*gamma +
rewards[t]``) over ``np.asarray(rewards)``, returned as a tensor: the contract's recursion, with
a Python-float accumulator (float64 arithmetic written into the rewards' dtype).

Source: annikc/isicni_tutorials, ReinforcementLearning/2022/rl_utils.py, ``discount_rwds(rewards,
gamma)``: ``rewards = np.asarray(rewards)``, ``disc_rwds = np.zeros_like(rewards)``,
``running_add = 0``, ``for t in reversed(range(0, rewards.size)): running_add =
running_add*gamma + rewards[t]; disc_rwds[t] = running_add``. Ported: the numpy array is
returned as a tensor (``torch.from_numpy``), as the contract's signature needs.
"""
SOURCE = "annikc/isicni_tutorials ReinforcementLearning/2022/rl_utils.py (discount_rwds)"
KIND = "control"
CORRECT = True

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    rewards = np.asarray(rewards)
    disc_rwds = np.zeros_like(rewards)
    running_add = 0
    for t in reversed(range(0, rewards.size)):
        running_add = running_add * gamma + rewards[t]
        disc_rwds[t] = running_add
    return torch.from_numpy(disc_rwds)
