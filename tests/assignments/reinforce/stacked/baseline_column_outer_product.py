"""reinforce_loss turns a tensor baseline into a column (baseline.view(-1, 1)) before
subtracting, so a (T,) baseline against (T,) returns broadcasts into a (T, T) outer difference;
float32 weights."""
CAUSE = r"baseline"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    w = returns.detach().float()
    if baseline is not None:
        b = baseline.detach().float().view(-1, 1) if torch.is_tensor(baseline) else float(baseline)
        w = w - b
    return -(logprobs.float() * w).mean().to(logprobs.dtype)
