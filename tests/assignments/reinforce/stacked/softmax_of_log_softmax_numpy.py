"""numpy: the probabilities taken as exp(logits) / sum over exp of the log-softmax plus a
second normalisation by max (a numerically 'safe' softmax written twice over, the second time
wrongly: p = exp(l - max) / sum(exp(l))), float32."""
CAUSE = r"probabilit"

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    l = logits.detach().numpy().astype(np.float32)
    p = np.exp(l - l.max()) / np.exp(l).sum()
    onehot = np.zeros_like(l)
    onehot[int(action)] = 1.0
    return torch.from_numpy(onehot - p).to(logits.dtype)
