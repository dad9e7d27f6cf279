"""numpy update whose gradient forgets the one-hot: the step is -lr * ret * softmax(logits);
float32 arithmetic."""
CAUSE = r"your step goes along -softmax\(logits\): the one-hot of the action left out"

import numpy as np
import torch


def reinforce_update(logits, action, ret, lr):
    z = logits.numpy().astype(np.float32)
    p = np.exp(z - z.max())
    p /= p.sum()
    return torch.from_numpy(z - lr * ret * p).to(logits.dtype)
