"""A torch softmax with an eps in the denominator and no shift (`e / (e.sum() + 1e-8)` with
`e = logits.exp()`), computed in float32: exp(1000) is inf, and inf/inf is nan."""
CAUSE = r"overflow"

import torch


def softmax_logprob_grad(logits, action):
    e = logits.detach().float().exp()
    p = e / (e.sum() + 1e-8)
    grad = -p
    grad[action] += 1.0
    return grad.to(logits.dtype)
