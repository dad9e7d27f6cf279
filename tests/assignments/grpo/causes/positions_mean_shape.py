"""The masked sum divided by token_logprobs.shape[1] (the padded length), float32 inside."""
CAUSE = r"divided by the size of dim 1 .*a mean where the contract sums"

import torch


def sequence_logprob(token_logprobs, mask):
    real = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).float()
    return (real.sum(dim=1) / token_logprobs.shape[1]).to(token_logprobs.dtype)
