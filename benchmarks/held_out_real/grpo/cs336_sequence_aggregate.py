"""grpo_loss averages each response's per-token losses over its length (CS336's "sequence"
normalisation), then over the batch; advantages not detached.

Source: 3361119449-bit/assignment5-alignment, cs336_alignment/grpo.py,
``compute_policy_gradient_loss`` (``-advantages.reshape(-1, 1) * policy_log_probs``) and
``aggregate_loss_across_microbatch``: ``len_y = mask.sum(dim=-1, keepdim=True); loss =
(loss.masked_fill(~mask.bool(), 0) / len_y).sum(dim=-1); loss = loss.sum() / BG``.
"""
SOURCE = "3361119449-bit/assignment5-alignment cs336_alignment/grpo.py"
KIND = "grpo: per-response length normalisation"
CAUSE = r"length|divided each response|detach|gradient reached"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    advantages = advantages.reshape(-1, 1)
    per_token_policy_gradient_loss = -advantages * token_logprobs
    len_y = mask.sum(dim=-1, keepdim=True)
    BG = mask.shape[0]
    per_token_policy_gradient_loss = (per_token_policy_gradient_loss.masked_fill(
        ~mask.bool(), float(0)) / len_y).sum(dim=-1)
    return per_token_policy_gradient_loss.sum() / BG
