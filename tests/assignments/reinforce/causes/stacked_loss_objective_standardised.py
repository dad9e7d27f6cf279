"""A REINFORCE loss written as the objective (no minus sign) that standardises the returns
over the population std itself before subtracting the baseline."""
CAUSE = r"(?=.*standardis)(?=.*sign of your answer is flipped)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    r = returns.detach()
    r = (r - r.mean()) / (r.std(unbiased=False) + 1e-8)
    if baseline is not None:
        b = baseline.detach() if torch.is_tensor(baseline) else baseline
        r = r - b
    return (logprobs * r).mean()
