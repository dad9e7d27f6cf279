"""A sum that drops the first position (a causal shift applied once too often) and returns the
negative log-likelihood (minus the sum) where the log-probability belongs."""
CAUSE = r"(?=.*first position)(?=.*sign of your answer is flipped)"

import torch


def sequence_logprob(token_logprobs, mask):
    lp = torch.where(mask[:, 1:], token_logprobs[:, 1:], torch.zeros_like(token_logprobs[:, 1:]))
    return -lp.sum(dim=1)
