"""sequence_logprob from a notes page on REINFORCE for LLMs ("Sequence log-prob"): the log-probs
are multiplied by the mask, summed and divided by the number of real tokens, a per-token MEAN, not
the sum that is the log of the sequence's probability; multiplying by the mask also turns a
``-inf`` in the padding into NaN.

Source: code-search file 19052698860, ``# Sequence log-prob; seq_logprob = (log_probs *
mask).sum(dim=-1) / mask.sum(dim=-1)``. Ported: ``log_probs`` is ``token_logprobs``; the bool mask
multiplies directly, as in the source.
"""
SOURCE = "code-search file 19052698860"
KIND = "grpo: sequence log-prob averaged over tokens"
CAUSE = r"mean|average|divid|length|number of (real )?tokens|normali[sz]"

import torch


def sequence_logprob(token_logprobs, mask):
    seq_logprob = (token_logprobs * mask).sum(dim=-1) / mask.sum(dim=-1)
    return seq_logprob
