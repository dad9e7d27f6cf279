r"""discounted_returns whose discount exponent counts from the start of the episode, not from
step t: ``G_t = sum_{j >= t} gamma**j r_j`` instead of ``sum_{j >= t} gamma**(j - t) r_j``, so
every return after the first is shrunk by gamma**t (G_0 alone is right).

Source: tpbarron/rlflow, markov/core/rl_utils.py, ``discount_rewards(rewards, gamma=0.9)``:
``for i in range(rewards.size): rew_sum = 0.0; for j in range(i, rewards.size): rew_sum +=
rewards[j] * gamma ** j; discounted_r[i] = rew_sum``. Ported: numpy -> torch (``zeros_like``
of the rewards, the double loop kept as written, a Python float accumulator).
"""
SOURCE = "tpbarron/rlflow markov/core/rl_utils.py (discount_rewards)"
KIND = "reinforce: discount exponent from the episode start"
CAUSE = (r"exponent|power|gamma\s*(\*\*|\^)\s*(j|k|t|i)\b|from the (start|beginning|first)|"
         r"absolute|start of the episode|episode start|gamma\^?\s*t\b|extra factor|shrunk|"
         r"too (much|strongly) discount")

import torch


def discounted_returns(rewards, gamma):
    discounted_r = torch.zeros_like(rewards)
    n = rewards.shape[0]
    for i in range(n):
        rew_sum = 0.0
        for j in range(i, n):
            rew_sum += rewards[j] * gamma ** j
        discounted_r[i] = rew_sum
    return discounted_r
