"""numpy for the weights (detached), torch for the log-probs: the loss sums over the time axis
and takes the mean of the per-episode sums."""
CAUSE = r"1/\(?environments N|sums over the steps and averages over the episodes"

import numpy as np
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    adv = returns.detach().numpy()
    if baseline is not None:
        adv = adv - (baseline.detach().numpy() if torch.is_tensor(baseline) else baseline)
    per_step = -logprobs * torch.as_tensor(np.asarray(adv), dtype=logprobs.dtype)
    return per_step.sum(dim=0).mean()
