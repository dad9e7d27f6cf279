"""A control: sequence_logprob from an evaluation script's response log-prob helper: the response
tokens' log-probs are zeroed elsewhere with ``masked_fill(~response_mask, 0.0)`` and summed; the
helper returns the sum, the per-token mean and the token count, and the sum is what the contract
asks for.

Source: code-search file 56301362638, ``mask = attention_mask[:, 1:].bool(); response_mask =
mask.clone(); response_mask[:, : max(prompt_len - 1, 0)] = False; token_count =
response_mask.sum(dim=-1).clamp(min=1); logprob_sum = token_logprobs.masked_fill(~response_mask,
0.0).sum(dim=-1); return {"sum": logprob_sum, "mean": logprob_sum / token_count, "tokens":
token_count}``. Ported: the log-probs and mask are given (no prompt to cut: ``prompt_len`` is 0),
and the dictionary's ``"sum"`` is returned.
"""
SOURCE = "code-search file 56301362638"
KIND = "control: masked_fill then sum, from a stats dictionary"
CORRECT = True

import torch


def sequence_logprob(token_logprobs, mask):
    response_mask = mask.bool().clone()
    token_count = response_mask.sum(dim=-1).clamp(min=1)
    logprob_sum = token_logprobs.masked_fill(~response_mask, 0.0).sum(dim=-1)
    stats = {"sum": logprob_sum, "mean": logprob_sum / token_count, "tokens": token_count}
    return stats["sum"]
