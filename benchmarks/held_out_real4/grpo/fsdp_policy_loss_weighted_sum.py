"""grpo_loss as a weighted sum of masked sequence log-probs times the advantages, ``-(sum_t
log_probs.masked_fill(~mask, 0) * A[:, None]).sum(-1) * weights).sum()``: the padding is removed
correctly and, with weights 1/N, it is the contract's mean, but the advantages are not detached
(a gradient flows into them when they require grad).

Source: code-search file 71553833731, ``policy_loss(log_probs, mask, advantages, weights,
old_log_probs=None, clip=.2)``, "Global weighted sum; caller compensates FSDP's gradient
averaging": ``mask = mask.bool(); log_probs = log_probs.masked_fill(~mask, 0.0); if old_log_probs
is None: surrogate = log_probs * advantages[:, None]``; ``return -(surrogate.masked_fill(~mask,
0.0).sum(-1) * weights).sum()``. Ported: the ``old_log_probs is None`` branch; the caller's
``weights`` are ``1 / N`` for each of the N responses (the contract's mean).
"""
SOURCE = "code-search file 71553833731 (policy_loss, global weighted sum)"
KIND = "grpo: advantages not detached"
CAUSE = r"detach|constant|no[_ ]grad|gradient.{0,40}advantage|advantages?.{0,40}gradient|requires_grad|stop[- ]gradient"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    weights = torch.full((token_logprobs.shape[0],), 1.0 / token_logprobs.shape[0],
                         dtype=token_logprobs.dtype)
    log_probs = token_logprobs
    mask = mask.bool()
    log_probs = log_probs.masked_fill(~mask, 0.0)
    surrogate = log_probs * advantages[:, None]
    return -(surrogate.masked_fill(~mask, 0.0).sum(-1) * weights).sum()
