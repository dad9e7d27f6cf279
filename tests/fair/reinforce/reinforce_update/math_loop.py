"""Plain Python floats: one new logit at a time."""
import math

import torch


def reinforce_update(logits, action, ret, lr):
    z = logits.tolist()
    top = max(z)
    e = [math.exp(v - top) for v in z]
    s = sum(e)
    new = [v + lr * ret * ((k == action) - e_k / s) for k, (v, e_k) in enumerate(zip(z, e))]
    return torch.tensor(new, dtype=logits.dtype)
