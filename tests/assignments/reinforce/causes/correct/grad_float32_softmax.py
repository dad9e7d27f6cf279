"""A max-shifted softmax in float32 whatever the logits' dtype."""
CORRECT = True

import torch


def softmax_logprob_grad(logits, action):
    z = logits.float() - logits.float().max()
    p = torch.exp(z) / torch.exp(z).sum()
    g = -p
    g[action] += 1.0
    return g.to(logits.dtype)
