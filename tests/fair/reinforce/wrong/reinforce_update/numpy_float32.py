"""numpy in float32 always: right to float32's precision, float32 for float64 logits."""
import numpy as np
import torch


def reinforce_update(logits, action, ret, lr):
    z = logits.detach().numpy().astype(np.float32)
    p = np.exp(z - z.max())
    p /= p.sum()
    step = -p
    step[action] += 1.0
    return torch.from_numpy(z + np.float32(lr * ret) * step)
