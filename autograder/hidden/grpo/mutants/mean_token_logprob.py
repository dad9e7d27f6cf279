"""Averages the real tokens' log-probs instead of summing them."""
HINT = "the sequence log-prob is the SUM of its tokens' log-probs (log of a product), not their mean"

import torch


def sequence_logprob(token_logprobs, mask):
    masked = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))
    return masked.sum(dim=1) / mask.sum(dim=1).clamp(min=1)
