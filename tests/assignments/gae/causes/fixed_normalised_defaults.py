"""compute_gae(…, gamma=0.99, gae_lambda=0.95) ported with its defaults used where the
arguments belong, the advantages normalised before they are returned (the targets from the raw
ones)."""
CAUSE = r"gamma = 0\.99 and lambda = 0\.95 whatever is passed.*standardised inside compute_gae \(minus their mean, over their sample std\)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam,
                _gamma=0.99, _lambda=0.95):
    deltas = rewards + _gamma * next_values * (~terminated) - values
    factors = _gamma * _lambda * (~(terminated | truncated)).to(rewards.dtype)
    adv = deltas.clone()
    t = rewards.shape[0] - 1
    while t > 0:
        adv[t - 1] = adv[t - 1] + factors[t - 1] * adv[t]
        t -= 1
    returns = adv + values
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    return adv, returns
