"""discounted_returns that discounts each reward by its own index, ``r_t * gamma**t``, instead of
summing the future rewards from t, then standardises the result (mean 0, population std 1).

Source: https://github.com/hunkim/ReinforcementZeroToAll/issues/1 (``discount_rewards`` as the
issue quotes it): ``d_rewards = np.array([val * (gamma ** i) for i, val in enumerate(r)])``,
``d_rewards -= d_rewards.mean()``, ``d_rewards /= d_rewards.std()``. Ported: numpy -> torch
(``np.std`` is the population std).
"""
SOURCE = "https://github.com/hunkim/ReinforcementZeroToAll/issues/1"
KIND = "returns: no sum of future rewards + standardised"
CAUSE = (r"standardi|normali|future rewards|(not|never) (summ|accumulat)|sum of (the )?"
         r"(later|future|remaining)|gamma\s*\*\*\s*t\b|own (index|step)|from the start|"
         r"discount\w* each reward|recursion")

import torch


def discounted_returns(rewards, gamma):
    d_rewards = torch.stack([val * (gamma ** i) for i, val in enumerate(rewards)])
    d_rewards -= d_rewards.mean()
    d_rewards /= d_rewards.std(correction=0)
    return d_rewards
