"""Returns with gamma 0.95 fixed in the code, standardised with the population std in float32."""
CAUSE = r"gamma = 0\.95 whatever gamma is passed.*standardised \(minus their mean, over their population std\)"

import torch


def discounted_returns(rewards, gamma):
    r = rewards.to(torch.float32)
    out = torch.zeros_like(r)
    acc = torch.tensor(0.0)
    for t in range(r.shape[0] - 1, -1, -1):
        acc = r[t] + 0.95 * acc
        out[t] = acc
    out = (out - out.mean()) / (out.std(unbiased=False) + 1e-5)
    return out.to(rewards.dtype)
