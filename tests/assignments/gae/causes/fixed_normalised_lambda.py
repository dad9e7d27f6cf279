"""lambda fixed at 0.95 (``self.lam``), the advantages standardised with torch's sample std in
float32."""
CAUSE = r"lambda = 0\.95 whatever is passed.*standardised inside compute_gae \(minus their mean, over their sample std\)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    lam_ = 0.95
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    mask = 1.0 - (terminated | truncated).float()
    adv = torch.zeros_like(deltas)
    acc = 0.0
    for t in range(len(deltas) - 1, -1, -1):
        acc = deltas[t] + gamma * lam_ * mask[t] * acc
        adv[t] = acc
    returns = adv + values
    a = adv.float()
    return ((a - a.mean()) / (a.std() + 1e-8)).to(adv.dtype), returns
