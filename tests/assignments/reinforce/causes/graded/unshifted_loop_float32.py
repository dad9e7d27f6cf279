"""A loop over actions, as a hand-written bandit update does: `exp(l)` of each logit in a
float32 numpy array, summed, no shift; exp(1000) overflows in float32 (and already at 89)."""
CAUSE = r"overflow"

import math

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    values = logits.detach().numpy().astype(np.float32)
    exps = [np.float32(math.e) ** v for v in values]
    total = sum(exps)
    grad = [(1.0 if k == action else 0.0) - e / total for k, e in enumerate(exps)]
    return torch.tensor(grad, dtype=logits.dtype)
