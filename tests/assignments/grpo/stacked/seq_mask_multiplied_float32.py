"""sequence_logprob multiplies the padding by the mask (-inf * 0 is NaN) and sums in
float32."""
CAUSE = r"padding|mask"

import torch


def sequence_logprob(token_logprobs, mask):
    return (token_logprobs.float() * mask.float()).sum(dim=1).to(token_logprobs.dtype)
