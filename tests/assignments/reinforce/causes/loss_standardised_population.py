"""Standardises with numpy's std (population, ddof 0) and eps 1e-6, inside the loss."""
CAUSE = r"standardis"

import numpy as np
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    b = 0.0 if baseline is None else (baseline.detach() if torch.is_tensor(baseline) else baseline)
    adv = (returns.detach() - b).numpy()
    adv = (adv - adv.mean()) / (adv.std() + 1e-6)
    return -(logprobs * torch.from_numpy(adv).to(logprobs.dtype)).mean()
