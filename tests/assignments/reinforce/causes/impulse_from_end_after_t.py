"""Each return sums the rewards after step t (`range(t + 1, T)`) with the exponent counted from
the episode's end (gamma ** (T - 1 - k)), in a list comprehension through float32."""
CAUSE = r"(?=.*steps after t)(?=.*gamma\^\(T - 1 - k\))"

import torch


def discounted_returns(rewards, gamma):
    T = len(rewards)
    r = rewards.float()
    out = [sum((gamma ** (T - 1 - k)) * r[k] for k in range(t + 1, T)) if t + 1 < T
           else torch.tensor(0.0) for t in range(T)]
    return torch.stack([torch.as_tensor(x, dtype=torch.float32) for x in out]).to(rewards.dtype)
