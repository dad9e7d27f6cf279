"""reinforce_loss subtracts the baseline twice (once from the returns, once more when forming
the weights), computed in float32."""
CAUSE = r"baseline"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    adv = returns.detach().to(torch.float32)
    if baseline is not None:
        b = baseline.detach().to(torch.float32) if torch.is_tensor(baseline) else float(baseline)
        adv = adv - b
        adv = adv - b
    return -(logprobs.to(torch.float32) * adv).mean().to(logprobs.dtype)
