"""The masked log-probs averaged over dim 1 (all L positions)."""
CAUSE = r"divided by the size of dim 1 .*a mean where the contract sums"

import torch


def sequence_logprob(token_logprobs, mask):
    return torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).mean(dim=1)
