"""A cumulative sum read at the end, less the first real position's log-prob (and an eps)."""
CAUSE = r"leaves out the first position"

import torch


def sequence_logprob(token_logprobs, mask):
    real = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))
    total = real.cumsum(dim=1)[:, -1]
    return total - real[:, 0] + 1e-9
