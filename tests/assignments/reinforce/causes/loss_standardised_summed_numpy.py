"""Advantages standardised in numpy (sample std, ddof 1), the loss summed with ``torch.sum``."""
CAUSE = r"standardises the weights .* and sums over the steps"

import numpy as np
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    b = 0.0 if baseline is None else (baseline.detach() if torch.is_tensor(baseline) else baseline)
    adv = np.asarray(returns.detach() - b)
    adv = (adv - adv.mean()) / (adv.std(ddof=1) + 1e-8)
    return -torch.sum(logprobs * torch.as_tensor(adv, dtype=logprobs.dtype))
