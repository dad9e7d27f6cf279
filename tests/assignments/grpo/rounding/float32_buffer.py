"""A float32 buffer (torch.zeros(N)) accumulates the sums, returned as float64."""
ROUNDED = True

import torch


def sequence_logprob(token_logprobs, mask):
    N, L = token_logprobs.shape
    total = torch.zeros(N)
    for j in range(L):
        total += torch.where(mask[:, j], token_logprobs[:, j], torch.zeros(N, dtype=token_logprobs.dtype)).float()
    return total.to(token_logprobs.dtype)
