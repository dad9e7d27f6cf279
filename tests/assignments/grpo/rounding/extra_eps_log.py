"""log(p + 1e-8) of each token, as a guard against log(0): every log-prob moves up a little."""
ROUNDED = False

import torch


def sequence_logprob(token_logprobs, mask):
    safe = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))
    guarded = torch.log(torch.exp(safe) + 1e-8)
    return torch.where(mask, guarded, torch.zeros_like(guarded)).sum(dim=1)
