r"""sequence_logprob that multiplies the log-probs by the mask before summing: right for finite
padding, NaN for a response whose padding holds ``-inf`` (``-inf * 0``).

Source: code-search file 56754073498 (a TRL-based trainer's ``_get_sequence_logps``-style
helper): ``per_token_logps = selective_log_softmax(logits, completion_ids)``, ``completion_mask =
attention_mask[:, -logits_to_keep:]``, ``return (per_token_logps * completion_mask).sum(dim=1)``.
Ported: the token log-probs and mask are the arguments.
"""
SOURCE = "code-search file 56754073498 (sequence log-prob, per_token_logps * completion_mask)"
KIND = "grpo: padding weighted by multiplying with the mask"
CAUSE = r"-inf|\binf|\bnan\b|multipl\w*.{0,40}mask|mask.{0,30}(product|multipl)|0 ?\* ?-?inf|padding"

import torch


def sequence_logprob(token_logprobs, mask):
    per_token_logps = token_logprobs
    completion_mask = mask
    return (per_token_logps * completion_mask).sum(dim=1)
