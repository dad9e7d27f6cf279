"""discounted_returns from a symbol-emergence project's utilities: the returns recursion is right,
but the discount is the constant 0.99 written into the loop (``R = r + 0.99 * R``), whatever
``gamma`` the caller passes; the list is turned back into a tensor with ``torch.tensor``.

Source: alper111/symbol-emergence utils.py, ``def discount(rewards): R = 0.0; discounted_rewards =
[]; for r in reversed(rewards): R = r + 0.99 * R; discounted_rewards.insert(0, R);
discounted_rewards = torch.tensor(discounted_rewards, device=rewards.device)``. Ported: the
function takes (and ignores) ``gamma`` as the contract's signature does.
"""
SOURCE = "alper111/symbol-emergence utils.py"
KIND = "reinforce: gamma fixed at 0.99"
CAUSE = r"gamma|discount (factor|rate)|0\.99|constant|fixed|hard.?coded"

import torch


def discounted_returns(rewards, gamma):
    R = 0.0
    discounted_rewards = []
    for r in reversed(rewards):
        R = r + 0.99 * R
        discounted_rewards.insert(0, R)
    discounted_rewards = torch.tensor(discounted_rewards, device=rewards.device)
    return discounted_rewards
