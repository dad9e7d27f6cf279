r"""grpo_loss on length-normalised log-probs: each response's log-prob is the mean over its real
tokens (sum / number of tokens, by multiplying with the mask), so ``-mean(A_i * mean_t log p)``
instead of ``-mean(A_i * sum_t log p)``; -inf padding gives NaN.

Source: code-search file 63553432042 (a TRL-based trainer's ``compute_loss``): ``logps =
(per_token_logps * completion_mask).sum(dim=1) / completion_mask.sum(dim=1).clamp(min=1.0)``,
``per_step_loss = -advantages * logps``, ``loss = per_step_loss.mean()``. Ported: the
advantages are constants of the batch (detached).
"""
SOURCE = "code-search file 63553432042 (compute_loss, length-normalised logps)"
KIND = "grpo: per-token mean log-prob"
CAUSE = (r"length|token.?count|number of tokens|per.?token|average\w* over (the )?tokens|mean over (the )?tokens|"
         r"divid\w* by .{0,30}(tokens|mask\.sum)|normali[sz]\w* by|-inf|\bnan\b|multipl\w*.{0,40}mask")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    per_token_logps = token_logprobs
    completion_mask = mask
    logps = (per_token_logps * completion_mask).sum(dim=1) / completion_mask.sum(dim=1).clamp(min=1.0)
    per_step_loss = -advantages.detach() * logps
    loss = per_step_loss.mean()
    return loss
