"""A correct ``sequence_logprob`` that reads the path's log-probability off a cumulative sum at
the last position (the running log-probability of a decoder), the padding zeroed first."""
CORRECT = True

import torch


def sequence_logprob(token_logprobs, mask):
    lp = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))
    return lp.cumsum(dim=1)[:, -1]
