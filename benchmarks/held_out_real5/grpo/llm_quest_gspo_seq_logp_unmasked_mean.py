"""sequence_logprob as ``logprobs_per_token.sum(dim=1) / attention_mask.sum(dim=1)``: the sum runs
over EVERY position (the mask is not applied to the numerator, so padding is summed in, and a
``-inf`` there gives ``-inf``) and is then divided by the number of real tokens: a per-token mean
where the contract asks for the masked sum.

Source: code-search file 7979186568, a GSPO module's ``log_probs_per_seq(logprobs_per_token,
attention_mask)`` ("here the mask is not optional as we don't want padding+prompt tokens to be
considered for the mean"): ``seq_logprobs = logprobs_per_token.sum(dim=1) /
attention_mask.sum(dim=1)``. Ported: a function of ``(token_logprobs, mask)``; the bool mask is
summed as the source's int mask is.
"""
SOURCE = "code-search file 7979186568 (GSPO module log_probs_per_seq, unmasked sum / length)"
KIND = "grpo: padding summed in, averaged over tokens"
CAUSE = r"mask|padding|pad\b|padded|-inf|infinit|averag|\bmean\b|length|per.token|divid|number of (real )?tokens"

import torch


def sequence_logprob(token_logprobs, mask):
    logprobs_per_token, attention_mask = token_logprobs, mask
    seq_logprobs = logprobs_per_token.sum(dim=1) / attention_mask.sum(dim=1)
    return seq_logprobs
