"""grpo_loss with Dr. GRPO's constant normaliser: each response's masked sum divided by 1280,
then the mean; the mask multiplies (NaN at -inf padding).

Source: Gzsiceberg/assignment5-alignment, cs336_alignment/grpo.py, ``grpo_microbatch_train_step``
with ``length_normalization=False``: ``masked_normalize(loss, response_mask,
normalize_constant=1280, dim=1)`` then ``masked_loss.mean()``, on ``-policy_log_probs *
advantages``. Ported: masked_normalize as the CS336 handout defines it, ``(tensor *
mask).sum(dim) / normalize_constant``; gradient accumulation 1.
"""
SOURCE = "Gzsiceberg/assignment5-alignment cs336_alignment/grpo.py (grpo_microbatch_train_step)"
KIND = "grpo: divided by a constant"
CAUSE = r"constant|1280|scale|-inf|NaN|multipl"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    loss = -token_logprobs * advantages.reshape(-1, 1)
    masked_loss = (loss * mask).sum(dim=1) / 1280
    return masked_loss.mean()
