"""grpo_loss multiplies the padding by the mask (NaN where the padding holds -inf) and
reduces with a Python sum over responses divided by N, float32 numbers inside."""
CAUSE = r"padding|mask"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    seq = (token_logprobs * mask.to(token_logprobs.dtype)).sum(dim=1)
    terms = [-(a.detach().float() * s.float()) for a, s in zip(advantages, seq)]
    return (sum(terms) / len(terms)).to(token_logprobs.dtype)
