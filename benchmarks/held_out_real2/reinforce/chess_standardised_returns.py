"""discounted_returns that standardises the returns it computed (minus their mean, over their
sample std + 1e-5), after building them as a float32 tensor from a Python list.

Source: public code in the code-search corpus (file id 21944156184, a chess REINFORCE's
``compute_discounted_rewards``; the index does not name the repository): ``R = r + gamma * R``,
``discounted_rewards.insert(0, R)``, ``discounted_rewards = torch.tensor(discounted_rewards)``,
``discounted_rewards = (discounted_rewards - discounted_rewards.mean()) /
(discounted_rewards.std() + 1e-5)``. Ported: the rewards iterated as Python floats, as the
source's list is.
"""
SOURCE = "code-search file 21944156184 (compute_discounted_rewards, standardised)"
KIND = "returns: standardised"
CAUSE = r"standardi|normali|mean.{0,20}std|zero mean|unit (variance|std)"

import torch


def discounted_returns(rewards, gamma):
    discounted_rewards = []
    R = 0
    for r in reversed(rewards.tolist()):
        R = r + gamma * R
        discounted_rewards.insert(0, R)
    discounted_rewards = torch.tensor(discounted_rewards)
    discounted_rewards = (discounted_rewards - discounted_rewards.mean()) / (discounted_rewards.std() + 1e-5)
    return discounted_rewards
