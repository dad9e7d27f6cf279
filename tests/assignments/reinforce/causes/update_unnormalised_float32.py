"""The update subtracts exp(logits) without dividing by their sum, computed in float32 and
cast back."""
CAUSE = r"your step goes along onehot\(a\) - exp\(logits\)"

import torch


def reinforce_update(logits, action, ret, lr):
    z = logits.float()
    grad = torch.zeros_like(z)
    grad[action] = 1.0
    grad = grad - z.exp()
    return (z + float(lr) * float(ret) * grad).to(logits.dtype)
