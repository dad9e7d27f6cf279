"""Sums the padding positions and drops the real tokens."""
HINT = "the mask is True on REAL tokens: you summed the padding instead"

import torch


def sequence_logprob(token_logprobs, mask):
    return torch.where(mask, torch.zeros_like(token_logprobs), token_logprobs).sum(dim=1)
