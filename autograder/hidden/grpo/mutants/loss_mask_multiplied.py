"""Multiplies the log-probs by the mask inside grpo_loss: right for finite padding, NaN where
the padding holds -inf (-inf * 0 is NaN)."""
HINT = "you multiplied the log-probs by the mask: where the padding holds -inf, -inf * 0 is NaN; select the real tokens instead (torch.where(mask, logprobs, 0))"
REAL_BUG = '-inf * 0 in grpo_loss (issue 35)'

import torch


def grpo_loss(token_logprobs, mask, advantages):
    return -(advantages.detach() * (token_logprobs * mask).sum(dim=1)).mean()
