"""softmax_logprob_grad subtracts the taken action's probability from every component."""
CAUSE = r"p\(a\)|every component|taken action"

import torch


def softmax_logprob_grad(logits, action):
    p = torch.exp(logits - torch.logsumexp(logits, 0))
    g = torch.full_like(logits, -float(p[action]))
    g[action] += 1.0
    return g
