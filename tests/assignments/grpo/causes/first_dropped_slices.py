"""Both the log-probs and the mask cut at position 1 (a shift applied to aligned log-probs)."""
CAUSE = r"leaves out the first position"

import torch


def sequence_logprob(token_logprobs, mask):
    lp, m = token_logprobs[:, 1:], mask[:, 1:]
    return torch.where(m, lp, torch.zeros_like(lp)).sum(1)
