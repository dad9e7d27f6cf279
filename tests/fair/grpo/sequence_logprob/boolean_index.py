"""Each row indexed by its own mask (an all-padding row sums to 0)."""
import torch


def sequence_logprob(token_logprobs, mask):
    return torch.stack([row[keep].sum() for row, keep in zip(token_logprobs, mask)])
