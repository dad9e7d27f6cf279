"""The mask's first column set to False (the prompt's last token, thought to be in it)."""
CAUSE = r"leaves out the first position"

import torch


def sequence_logprob(token_logprobs, mask):
    m = mask.clone()
    m[:, 0] = False
    return token_logprobs.masked_fill(~m, 0.0).sum(dim=1)
