"""sequence_logprob multiplies the per-token log-probs by the mask and sums: right while the
padding holds finite numbers, NaN as soon as a padded position holds -inf (-inf * 0).

Source: jacobmakar/RLHF-Baselines, src/trainers/train_utils.py (``compute_log_probs``):
``loss_mask = (labels != pad_token_id)``, ``per_token_logps = torch.gather(...)``, ``return
(per_token_logps * loss_mask).sum(-1)``. Ported: the gather is the contract's input.
"""
SOURCE = "jacobmakar/RLHF-Baselines src/trainers/train_utils.py (compute_log_probs)"
KIND = "mask product (-inf * 0)"
CAUSE = r"-inf|\bnan\b|\binf\b|multipl\w*.{0,40}mask|mask.{0,40}multipl|padding.{0,40}(value|hold)"

import torch


def sequence_logprob(token_logprobs, mask):
    loss_mask = mask
    return (token_logprobs * loss_mask).sum(-1)
