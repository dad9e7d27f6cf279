"""discounted_returns as an actor-critic agent's ``discount_rewards`` writes it: the recursion runs
backwards correctly, but the discount is a local constant ``gamma = 0.99`` (the argument is
ignored), and the returns are then STANDARDISED (minus their mean, divided by their std + 1e-8,
numpy's population std) before they are returned.

Source: code-search file 16603866838, ``def discount_rewards(self, reward): gamma = 0.99; running_add
= 0; discounted_r = np.zeros_like(reward); for i in reversed(range(0,len(reward))): running_add =
running_add * gamma + reward[i]; discounted_r[i] = running_add; discounted_r -=
np.mean(discounted_r); discounted_r /= (np.std(discounted_r) + 1e-8); return discounted_r``.
Ported: the rewards are a tensor (numpy's ``mean``/``std`` become tensor ones with
``unbiased=False``); the ``gamma`` argument is accepted and, as in the source, unused.
"""
SOURCE = "code-search file 16603866838"
KIND = "reinforce: returns standardised (and gamma fixed at 0.99)"
CAUSE = r"standardi|normali|mean|std|standard deviation|gamma|0\.99|discount factor"

import torch


def discounted_returns(rewards, gamma):
    gamma = 0.99
    running_add = 0
    discounted_r = torch.zeros_like(rewards)
    for i in reversed(range(0, len(rewards))):
        running_add = running_add * gamma + rewards[i]
        discounted_r[i] = running_add
    discounted_r = discounted_r - discounted_r.mean()
    discounted_r = discounted_r / (discounted_r.std(unbiased=False) + 1e-8)
    return discounted_r
