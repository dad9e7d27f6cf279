"""sequence_logprob from a DPO-style ``get_batch_logps``: with neither ``token_level`` nor
``average_log_prob``, the sequence log-prob is ``(log_probs * mask).sum(dim=-1)``: padding is
removed by MULTIPLYING with the mask, which leaves NaN where the padding holds ``-inf`` (0 * -inf).

Source: code-search file 610233676, ``mask = labels != IGNORE_TOKEN_ID; ... if token_level: return
log_probs * mask elif average_log_prob: return (log_probs * mask).sum(dim=-1) / mask.sum(dim=-1)
else: return (log_probs * mask).sum(dim=-1)``. Ported: the gathered ``log_probs`` are
``token_logprobs``; the default branch (sum) is taken.
"""
SOURCE = "code-search file 610233676"
KIND = "grpo: padding removed by multiplying with the mask"
CAUSE = r"multipl|-inf|infinit|nan|0 ?\* ?-?inf|padding|masked_fill|where"

import torch


def sequence_logprob(token_logprobs, mask):
    log_probs = token_logprobs
    return (log_probs * mask).sum(dim=-1)
