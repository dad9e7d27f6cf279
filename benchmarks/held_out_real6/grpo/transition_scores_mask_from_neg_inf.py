"""sequence_logprob from a sampling script that builds its mask from the values themselves: a
token counts when its log-prob is not ``-inf`` (``mask = transition != float("-inf")``), so the
given padding mask is ignored and any padding that holds a finite value (0, a stale log-prob) is
summed into the response's log-probability.

Source: code-search file 71623932114, ``def per_sequence_logprobs(model, sequences, scores):
"""Sum and mean of log p(token_t | ...) over generated tokens, masking padding."""; transition =
model.compute_transition_scores(sequences, scores, normalize_logits=True); mask = transition !=
float("-inf"); logprobs = transition.masked_fill(~mask, 0.0).sum(dim=-1); lengths =
mask.sum(dim=-1).clamp(min=1); return logprobs.tolist(), (logprobs / lengths).tolist()``.
Ported: ``transition`` is ``token_logprobs``; the summed log-probs are returned as the tensor they
are before ``.tolist()``; the contract's ``mask`` is accepted and, as in the source, not used.
"""
SOURCE = "code-search file 71623932114 (per_sequence_logprobs, mask = transition != -inf)"
KIND = "grpo: mask ignored (padding taken from -inf values)"
CAUSE = r"padding|mask|ignor|-inf|finite|count|includ"

import torch


def sequence_logprob(token_logprobs, mask):
    transition = token_logprobs
    mask = transition != float("-inf")
    logprobs = transition.masked_fill(~mask, 0.0).sum(dim=-1)
    return logprobs
