r"""discounted_returns by a reversed cumulative sum of ``gamma**i * r_i``: the exponent is the
step's index in the episode, not its distance from t, so G_t carries an extra factor gamma**t;
then the episode's mean return is subtracted as a baseline (``r - r.mean()``).

Source: code-search file 32614349270, ``discount_rewards(rewards, gamma=0.99)``: ``r =
np.array([gamma**i * rewards[i] for i in range(len(rewards))])``, ``r =
r[::-1].cumsum()[::-1]``, ``return r - r.mean()`` (the widely copied REINFORCE-on-CartPole
helper). Ported: numpy -> torch (``flip``/``cumsum``/``flip``).
"""
SOURCE = "code-search file 32614349270 (discount_rewards, gamma**i cumsum minus its mean)"
KIND = "reinforce: discount exponent from the episode start + mean subtracted"
CAUSE = (r"exponent|power|gamma\s*(\*\*|\^)\s*(i|j|k|t)\b|from the (start|beginning|first)|"
         r"absolute|episode start|extra factor|subtract\w* (the |their |its )?mean|"
         r"centred|centered|baseline|minus (the |their )?mean")

import torch


def discounted_returns(rewards, gamma):
    r = torch.stack([gamma ** i * rewards[i] for i in range(len(rewards))])
    r = torch.flip(torch.cumsum(torch.flip(r, [0]), 0), [0])
    return r - r.mean()
