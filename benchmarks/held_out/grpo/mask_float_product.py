"""sequence_logprob multiplies by mask.float(): -inf * 0 is NaN in the padding."""
CAUSE = r"-inf"

import torch


def sequence_logprob(token_logprobs, mask):
    return (token_logprobs * mask.to(token_logprobs.dtype)).sum(dim=-1)
