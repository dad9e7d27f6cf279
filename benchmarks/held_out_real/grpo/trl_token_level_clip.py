"""grpo_loss as TRL's token-level ("bnpo"/"dapo") loss with one iteration: a clipped ratio to the
detached log-probs (always 1), summed over every real token of the batch and divided by their
count.

Source: huggingface/trl, trl/trainer/grpo_trainer.py, ``_compute_loss`` (2025):
``old_per_token_logps = per_token_logps.detach()``; ``coef_1 = torch.exp(per_token_logps -
old_per_token_logps)``; ``per_token_loss = -torch.min(coef_1 * A, coef_2 * A)``; ``loss =
(per_token_loss * completion_mask).sum() / completion_mask.sum().clamp(min=1.0)``. Ported:
epsilon 0.2, beta 0.
"""
SOURCE = "huggingface/trl trl/trainer/grpo_trainer.py (_compute_loss, loss_type bnpo)"
KIND = "grpo: token mean over the batch + ratio of itself"
CAUSE = r"token|mean\(A\)|ratio|logp\.detach|-inf|NaN|detach"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    per_token_logps = token_logprobs
    old_per_token_logps = per_token_logps.detach()
    coef_1 = torch.exp(per_token_logps - old_per_token_logps)
    coef_2 = torch.clamp(coef_1, 1 - 0.2, 1 + 0.2)
    per_token_loss1 = coef_1 * advantages.unsqueeze(1)
    per_token_loss2 = coef_2 * advantages.unsqueeze(1)
    per_token_loss = -torch.min(per_token_loss1, per_token_loss2)
    completion_mask = mask.to(token_logprobs.dtype)
    return (per_token_loss * completion_mask).sum() / completion_mask.sum().clamp(min=1.0)
