"""sequence_logprob as the mean log-prob per real token (the masked sum divided by the number of
real tokens, clamped at 1) instead of the sum: the log of the geometric-mean token probability,
not the log-probability of the whole response. The padding is also removed by multiplying with
the mask (a ``-inf`` there gives nan).

Source: code-search file 42512564695, an off-policy GRPO trainer's ``compute_loss`` ("样本-level
的P和Q"): ``learner_seq_lopp = (per_token_logps * completion_mask).sum(dim=1) /
completion_mask.sum(dim=1).clamp(min=1.0)``. Ported: a function of ``(token_logprobs, mask)``
returning ``learner_seq_lopp``; the bool mask is multiplied and summed as the source's int mask is.
"""
SOURCE = "code-search file 42512564695 (off-policy trainer learner_seq_lopp, token mean)"
KIND = "grpo: sequence log-prob averaged over tokens"
CAUSE = r"averag|mean|length|per.token|number of (real )?tokens|divid"

import torch


def sequence_logprob(token_logprobs, mask):
    per_token_logps, completion_mask = token_logprobs, mask
    learner_seq_lopp = (per_token_logps * completion_mask).sum(dim=1) / completion_mask.sum(dim=1).clamp(min=1.0)
    return learner_seq_lopp
