"""log(softmax(x) + 1e-12) over the real positions (the padding at -inf)."""
CAUSE = r"applies log_softmax over the L positions"

import torch


def sequence_logprob(token_logprobs, mask):
    probs = torch.softmax(token_logprobs.masked_fill(~mask, -float("inf")), dim=-1)
    logp = torch.log(probs + 1e-12)
    return torch.where(mask, logp, torch.zeros_like(logp)).sum(-1)
