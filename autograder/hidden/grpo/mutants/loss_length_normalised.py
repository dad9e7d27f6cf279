"""Divides each response's log-prob by its length inside the loss (Dr. GRPO's point: the
per-response length normalisation of the original GRPO), instead of using the sum."""
HINT = "you divided each response's log-prob by its length inside the loss; grpo_loss is minus the mean over responses of A_i * (the SUM of its real tokens' log-probs)"
REAL_BUG = 'per-response length normalisation in grpo_loss (issue 35)'

import torch


def grpo_loss(token_logprobs, mask, advantages):
    lengths = mask.sum(dim=1).clamp(min=1)
    return -(advantages.detach() * sequence_logprob(token_logprobs, mask) / lengths).mean()
