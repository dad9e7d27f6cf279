"""A stabilised softmax (the max is subtracted), but the gradient of log p[action] taken as the
softmax Jacobian's row divided by p[action] (`(diag(p) - p p^T)[action] / p[action]`): at logits
(1000, 0), p[1] underflows to 0 and the row is 0/0 = nan."""
CAUSE = r"underflow|divide by a probability"

import torch


def softmax_logprob_grad(logits, action):
    x = logits.detach()
    p = torch.exp(x - x.max())
    p = p / p.sum()
    jacobian = torch.diag(p) - torch.outer(p, p)
    return jacobian[action] / p[action]
