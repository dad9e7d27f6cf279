"""discounted_returns with the discount written as 0.9 inside the loop: the ``gamma`` argument is
never used.

Source: feicccccccc/PG_Pytorch, scratch.py (``discounted_rewards``): ``running_add =
rewards[len(rewards) - 1]``, ``for t in reversed(range(0, len(rewards) - 1)): running_add = 0.9 *
running_add + rewards[t]``. Ported: the function takes the contract's ``gamma`` and ignores it,
as the source ignores the discount it documents.
"""
SOURCE = "feicccccccc/PG_Pytorch scratch.py (discounted_rewards)"
KIND = "returns: fixed gamma"
CAUSE = (r"0\.9\b|(gamma|discount)\w*.{0,40}(ignor|fixed|hard.?cod|unused|not used|constant)|"
         r"(ignor|hard.?cod|fix)\w*.{0,40}(gamma|discount)")

import torch


def discounted_returns(rewards, gamma):
    discounted_rewards = torch.zeros_like(rewards)
    running_add = rewards[len(rewards) - 1]
    discounted_rewards[[len(rewards) - 1]] = running_add
    for t in reversed(range(0, len(rewards) - 1)):
        running_add = 0.9 * running_add + rewards[t]
        discounted_rewards[t] = running_add
    return discounted_rewards
