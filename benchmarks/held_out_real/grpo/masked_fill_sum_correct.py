"""Control: sequence_logprob with masked_fill(~mask.bool(), 0) then a sum over the tokens.

Source: 3361119449-bit/assignment5-alignment, cs336_alignment/grpo.py: the masking idiom of its
``aggregate_loss_across_microbatch`` (``x.masked_fill(~mask.bool(), float(0))``, then a sum over
dim -1), applied to the log-probs. Correct: -inf padding is replaced, not multiplied.
"""
SOURCE = "3361119449-bit/assignment5-alignment cs336_alignment/grpo.py (masking idiom)"
KIND = "control"
CORRECT = True

import torch


def sequence_logprob(token_logprobs, mask):
    return token_logprobs.masked_fill(~mask.bool(), float(0)).sum(dim=-1)
