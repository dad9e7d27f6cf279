"""The advantages copied under torch.no_grad(); float64 inside, cast back."""
import torch


def grpo_loss(token_logprobs, mask, advantages):
    with torch.no_grad():
        weights = advantages.to(torch.float64, copy=True)   # a copy: .to() may return the input
    lp = token_logprobs.to(torch.float64)
    seq = torch.where(mask, lp, torch.zeros_like(lp)).sum(1)
    return (-(weights * seq).mean()).to(token_logprobs.dtype)
