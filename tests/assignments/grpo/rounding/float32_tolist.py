"""The log-probs rebuilt with torch.tensor(...tolist()) (float32), summed in float64."""
ROUNDED = True

import torch


def sequence_logprob(token_logprobs, mask):
    lp = torch.tensor(token_logprobs.tolist()).to(token_logprobs.dtype)
    return torch.where(mask, lp, torch.zeros_like(lp)).sum(dim=1)
