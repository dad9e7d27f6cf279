"""``sequence_logprob`` written as the mean log-prob per real token (the length-normalised score
of beam search and of some TRL utilities), negated as a loss would be (the NLL per token), with
the sum taken in float32."""
CAUSE = r"(?=.*(its response.s real tokens|not their mean))(?=.*sign)"

import torch


def sequence_logprob(token_logprobs, mask):
    lp = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).float()
    nll = -lp.sum(dim=1) / mask.sum(dim=1)
    return nll.to(token_logprobs.dtype)
