"""Returns whose discount exponent counts from the episode's end, then standardised (torch's
sample std, an eps) as the training loop of the original code did inside the function."""
CAUSE = r"(?=.*wrong end)(?=.*returns are standardised)"

import torch


def discounted_returns(rewards, gamma):
    T = rewards.shape[0]
    k = torch.arange(T, dtype=rewards.dtype)
    weights = gamma ** (T - 1 - k)
    out = torch.stack([(weights[t:] * rewards[t:]).sum() for t in range(T)])
    return (out - out.mean()) / (out.std() + 1e-8)
