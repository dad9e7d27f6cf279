"""discounted_returns that standardises the returns it computes (minus their mean, divided by
their standard deviation) and casts them to float32: the recursion itself is right, but the
answer is z-scores, not G_t (and a one-step or constant episode divides 0 by 0).

Source: amrgasser/Autonomous_Vehicle, utils/rewards_utils.py: ``discount_rewards(rewards,
gamma=0.95)`` ends ``return normalize(discounted_rewards)``, with ``normalize(x)``: ``x -=
np.mean(x); x /= np.std(x); return x.astype(np.float32)``. Ported: numpy -> torch (``np.std``
is the population std: ``unbiased=False``; ``astype(np.float32)`` is ``.to(torch.float32)``).
"""
SOURCE = "amrgasser/Autonomous_Vehicle utils/rewards_utils.py (discount_rewards, normalize)"
KIND = "reinforce: standardised returns"
CAUSE = r"standardi[sz]|normali[sz]|z.?score|zero mean|unit variance|divid\w* by .{0,20}(std|standard dev)|mean and (the )?(std|standard)"

import torch


def discounted_returns(rewards, gamma):
    def normalize(x):
        x = x - torch.mean(x)
        x = x / torch.std(x, unbiased=False)
        return x.to(torch.float32)

    discounted_rewards = torch.zeros_like(rewards)
    R = 0
    for t in reversed(range(0, len(rewards))):
        R = R * gamma + rewards[t]
        discounted_rewards[t] = R
    return normalize(discounted_rewards)
