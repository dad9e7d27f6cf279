"""The weights standardised per column with numpy's population std (np.std, ddof 0) and an eps
of 1e-6, then the loss in torch."""
CAUSE = r"each episode \(column\) over its own steps, population std"

import numpy as np
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    w = returns.detach().numpy()
    if baseline is not None:
        w = w - (baseline.detach().numpy() if torch.is_tensor(baseline) else baseline)
    w = np.broadcast_to(w, tuple(logprobs.shape))
    w = (w - w.mean(axis=0)) / (w.std(axis=0) + 1e-6)
    return -(logprobs * torch.as_tensor(w, dtype=logprobs.dtype)).mean()
