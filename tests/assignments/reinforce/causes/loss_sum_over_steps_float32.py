"""Sum over steps, mean over episodes, with the weights cast to float32 (a second small
deviation)."""
CAUSE = r"sums over the steps and averages over the episodes|MEAN over samples"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    w = returns.detach().float()
    if baseline is not None:
        w = w - torch.as_tensor(baseline).detach().float()
    total = (logprobs * w.to(logprobs.dtype)).sum(0)
    return -(total.mean() if total.dim() else total)
