"""A loop over responses: the row's masked values, mean over the whole row."""
CAUSE = r"divided by the size of dim 1 .*a mean where the contract sums"

import torch


def sequence_logprob(token_logprobs, mask):
    rows = []
    for lp, m in zip(token_logprobs, mask):
        rows.append(torch.where(m, lp, lp.new_zeros(())).mean())
    return torch.stack(rows)
