"""log_softmax in float32 over all positions, the result cast back."""
CAUSE = r"applies log_softmax over the L positions"

import torch


def sequence_logprob(token_logprobs, mask):
    logp = torch.log_softmax(token_logprobs.float(), dim=1).to(token_logprobs.dtype)
    return (torch.where(mask, logp, torch.zeros_like(logp))).sum(1)
