"""numpy softmax without subtracting the max: inf / inf on large logits."""
CAUSE = r"overflow"

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    with np.errstate(over="ignore", invalid="ignore"):
        e = np.exp(logits.numpy())
        p = e / e.sum()
    g = -p
    g[action] += 1.0
    return torch.from_numpy(g)
