"""einsum of the log-probs with the mask as numbers: -inf padding times 0 is NaN."""
import torch


def sequence_logprob(token_logprobs, mask):
    return torch.einsum("nl,nl->n", token_logprobs, mask.to(token_logprobs.dtype))
