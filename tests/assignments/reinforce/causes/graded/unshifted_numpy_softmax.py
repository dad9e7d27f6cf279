"""A numpy softmax with no shift (`np.exp(z) / np.exp(z).sum()`), as many policy-gradient
exercises write it: at logits (1000, 0) exp overflows to inf and inf/inf is nan."""
CAUSE = r"overflow"

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    z = logits.detach().numpy()
    p = np.exp(z) / np.exp(z).sum()
    onehot = np.zeros_like(p)
    onehot[action] = 1.0
    return torch.from_numpy(onehot - p).to(logits.dtype)
