"""Asserts from the docstring, then a product with a column of ones."""
import torch


def sequence_logprob(token_logprobs, mask, *, check=True):
    if check:
        assert token_logprobs.dim() == 2 and mask.shape == token_logprobs.shape
        assert mask.dtype == torch.bool, "the mask is bool"
    kept = token_logprobs.masked_fill(mask.logical_not(), 0.0)
    return kept @ torch.ones(kept.shape[1], dtype=kept.dtype)
