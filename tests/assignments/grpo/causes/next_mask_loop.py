"""A loop over tokens that reads mask[i, j + 1] for token j."""
CAUSE = r"NEXT position's mask"

import torch


def sequence_logprob(token_logprobs, mask):
    N, L = token_logprobs.shape
    out = torch.zeros(N, dtype=token_logprobs.dtype)
    for i in range(N):
        for j in range(L - 1):
            if mask[i, j + 1]:
                out[i] = out[i] + token_logprobs[i, j]
    return out
