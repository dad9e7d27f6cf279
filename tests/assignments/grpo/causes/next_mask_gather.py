"""Index arithmetic: positions whose successor is real, summed with an index_select."""
CAUSE = r"NEXT position's mask"

import torch


def sequence_logprob(token_logprobs, mask):
    out = []
    for lp, m in zip(token_logprobs, mask):
        keep = torch.nonzero(m[1:]).flatten()
        out.append(lp.index_select(0, keep).sum() if len(keep) else lp.new_zeros(()))
    return torch.stack(out)
