"""discounted_returns that gives every step the same number: the whole episode's discounted
return G_0 = sum_t gamma**t r_t (the REINFORCE notebook multiplies every log-prob by it).

Source: https://github.com/udacity/deep-reinforcement-learning/issues/42
(reinforce/REINFORCE.ipynb, as the issue quotes it): ``discounts = [gamma**i for i in
range(len(rewards)+1)]``, ``R = sum([a*b for a,b in zip(discounts, rewards)])``, then
``policy_loss.append(-log_prob * R)`` for every step. Ported: R returned at every step.
"""
SOURCE = "https://github.com/udacity/deep-reinforcement-learning/issues/42"
KIND = "returns: episode return everywhere"
CAUSE = (r"(whole|entire|full) episode|episode'?s? (discounted )?return|G_?0|same (value|return|"
         r"number)|every step|first step|from the start|constant")

import torch


def discounted_returns(rewards, gamma):
    discounts = [gamma ** i for i in range(len(rewards) + 1)]
    R = sum([a * b for a, b in zip(discounts, rewards)])
    return R * torch.ones_like(rewards)
