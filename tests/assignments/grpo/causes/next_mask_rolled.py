"""The mask rolled one step left (its last column cleared), then masked_fill; float32 sum."""
CAUSE = r"NEXT position's mask"

import torch


def sequence_logprob(token_logprobs, mask):
    shifted = torch.roll(mask, shifts=-1, dims=1)
    shifted[:, -1] = False
    kept = token_logprobs.float().masked_fill(~shifted, 0.0)
    return kept.sum(dim=1).to(token_logprobs.dtype)
