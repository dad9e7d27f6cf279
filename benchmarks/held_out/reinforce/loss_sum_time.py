"""reinforce_loss sums over time instead of averaging."""
CAUSE = r"sum|times"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    w = returns.detach() - (0.0 if baseline is None else
                            (baseline.detach() if torch.is_tensor(baseline) else baseline))
    return -(logprobs * w).sum()
