"""Both constants of the original script (0.99, 0.95), the recursion with torch.where, and the
advantages standardised by their population std (torch.var(unbiased=False)) plus 1e-6."""
CAUSE = r"gamma = 0\.99 and lambda = 0\.95 whatever is passed.*standardised inside compute_gae \(minus their mean, over their population std\)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    g, l = 0.99, 0.95
    deltas = rewards + g * torch.where(terminated, 0.0, next_values) - values
    carry = g * l * (~(terminated | truncated)).to(deltas.dtype)
    adv = deltas.clone()
    for t in range(deltas.shape[0] - 2, -1, -1):
        adv[t] = torch.addcmul(deltas[t], carry[t], adv[t + 1])
    targets = adv + values
    adv = (adv - adv.mean()) / torch.sqrt(adv.var(unbiased=False) + 1e-6)
    return adv, targets
