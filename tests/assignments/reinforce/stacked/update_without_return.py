"""reinforce_update leaves the return out of the step (logits + lr * grad) and computes the
softmax in float32 with an eps in the denominator."""
CAUSE = r"`ret`|by the return"

import torch


def reinforce_update(logits, action, ret, lr):
    e = torch.exp(logits.float() - logits.float().max())
    p = e / (e.sum() + 1e-12)
    grad = -p
    grad[int(action)] += 1.0
    return logits + lr * grad.to(logits.dtype)
