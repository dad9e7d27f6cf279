"""onehot - log_softmax(logits) (numpy): the log-probabilities where the probabilities belong."""
CAUSE = r"log-probabilities"

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    z = logits.numpy()
    logp = z - z.max() - np.log(np.exp(z - z.max()).sum())
    g = -logp
    g[action] += 1.0
    return torch.from_numpy(g)
