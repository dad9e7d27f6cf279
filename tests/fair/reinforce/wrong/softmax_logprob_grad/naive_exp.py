"""exp without the shift: logits such as 1000 overflow to inf, and inf / inf is NaN."""
import math

import torch


def softmax_logprob_grad(logits, action):
    e = [math.exp(v) if v < 709 else math.inf for v in logits.tolist()]
    s = sum(e)
    return torch.tensor([(k == action) - x / s for k, x in enumerate(e)], dtype=logits.dtype)
