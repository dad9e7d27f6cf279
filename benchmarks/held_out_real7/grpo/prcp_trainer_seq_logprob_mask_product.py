"""sequence_logprob as a perception-regularised GRPO trainer computes a response's log-probability:
``(per_token_logps * completion_mask).sum(dim=1)``; padding is removed by MULTIPLYING with the
mask, so a ``-inf`` at a padding position turns the whole sum into nan.

Source: code-search file 43151345146, ``logp_seq_orig = (per_token_logps *
completion_mask).sum(dim=1); logp_seq_deg = (per_token_logps_deg * completion_mask).sum(dim=1)``.
Ported: ``completion_mask`` is the contract's bool mask.
"""
SOURCE = "code-search file 43151345146"
KIND = "grpo: padding removed by multiplying with the mask"
CAUSE = r"nan|-?inf|multipl|padding|mask"

import torch


def sequence_logprob(token_logprobs, mask):
    per_token_logps = token_logprobs
    completion_mask = mask
    return (per_token_logps * completion_mask).sum(dim=1)
