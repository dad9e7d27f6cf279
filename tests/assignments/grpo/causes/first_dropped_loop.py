"""A loop that starts at token 1."""
CAUSE = r"leaves out the first position"

import torch


def sequence_logprob(token_logprobs, mask):
    totals = []
    for i in range(token_logprobs.shape[0]):
        s = token_logprobs.new_zeros(())
        for j in range(1, token_logprobs.shape[1]):
            if bool(mask[i, j]):
                s = s + token_logprobs[i, j]
        totals.append(s)
    return torch.stack(totals)
