"""The update with lr * ret taken as a float32 tensor (a float32 intermediate)."""
CORRECT = True

import torch


def reinforce_update(logits, action, ret, lr):
    step = torch.tensor(lr * ret, dtype=torch.float32)
    p = torch.softmax(logits, dim=-1)
    onehot = torch.zeros_like(p)
    onehot[action] = 1.0
    return logits + step.to(logits.dtype) * (onehot - p)
