"""reinforce_loss standardising the returns in float32 with the population std and an eps of 1e-6
written in (numpy's `returns.std()` of a port, kept as `unbiased=False`), then the mean."""
CAUSE = r"(standardi|normali)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    r = returns.detach().float()
    if baseline is not None:
        b = baseline.detach().float() if torch.is_tensor(baseline) else float(baseline)
        r = r - b
    r = (r - r.mean()) / (r.std(unbiased=False) + 1e-6)
    return -(logprobs * r.to(logprobs.dtype)).mean()
