"""Two Python loops over responses and tokens."""
import torch


def sequence_logprob(token_logprobs, mask):
    sums = []
    for row, keep in zip(token_logprobs, mask):
        total = torch.zeros((), dtype=token_logprobs.dtype)
        for lp, real in zip(row, keep):
            if real:
                total = total + lp
        sums.append(total)
    return torch.stack(sums)
