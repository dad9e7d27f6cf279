"""A loss "normalised by the batch" twice: the mean over every step and then a division by the
number of steps again (``loss.mean() / len(logprobs)``, as code that averages per episode and
per step writes it), the returns standardised inside with the population std, in float32."""
CAUSE = r"(?=.*(steps in the batch \(T \* N\) × steps in the batch|time steps T × |divided by))(?=.*(standardis|normalis))"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    g = returns.detach().float()
    if baseline is not None:
        g = g - (baseline.detach().float() if torch.is_tensor(baseline) else baseline)
    g = (g - g.mean()) / (g.std(unbiased=False) + 1e-8)
    return (-(logprobs.float() * g).mean() / logprobs.numel()).to(logprobs.dtype)
