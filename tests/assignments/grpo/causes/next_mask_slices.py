"""The log-probs paired with the next position's mask (a causal LM's shift done twice)."""
CAUSE = r"NEXT position's mask"

import torch


def sequence_logprob(token_logprobs, mask):
    lp, m = token_logprobs[:, :-1], mask[:, 1:]
    return torch.where(m, lp, torch.zeros_like(lp)).sum(dim=-1)
