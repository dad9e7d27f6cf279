"""numpy inside, the softmax gradient written out again."""
import numpy as np
import torch


def reinforce_update(logits, action, ret, lr):
    z = logits.detach().numpy()
    p = np.exp(z - z.max())
    p /= p.sum()
    step = -p
    step[action] += 1.0
    return torch.from_numpy(z + lr * ret * step)
