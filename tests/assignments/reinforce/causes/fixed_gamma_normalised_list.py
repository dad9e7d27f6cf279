"""A list of Python floats with gamma 0.99 fixed, made a tensor and standardised (sample std,
eps 1e-8): the float32 of torch.tensor's default besides."""
CAUSE = r"gamma = 0\.99 whatever gamma is passed.*standardised \(minus their mean, over their sample std\)"

import torch


def discounted_returns(rewards, gamma):
    G, out = 0.0, []
    for r in reversed(rewards.tolist()):
        G = r + 0.99 * G
        out.append(G)
    out = torch.tensor(out[::-1])
    out = (out - out.mean()) / (out.std() + 1e-8)
    return out.to(rewards.dtype)
