"""sequence_logprob that masks the padding (`token_logprobs * mask`) and forgets the sum over
the tokens: the (N, L) masked token log-probs come back, one per token."""
CAUSE = r"shape of the inputs .*does not reduce over the last dimension"

import torch


def sequence_logprob(token_logprobs, mask):
    return token_logprobs * mask.to(token_logprobs.dtype)
