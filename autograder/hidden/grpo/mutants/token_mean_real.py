"""Averages over the batch's real tokens (DAPO's token-level loss) instead of over the N
responses."""
REAL_BUG = 'token mean over the whole batch in grpo_loss (issue 35)'
HINT = ("you averaged over the batch's real tokens (a token-level loss); the loss asked for is "
        "minus the mean over the N responses of A_i * (sum of its tokens' log-probs)")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    masked = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))
    return -(advantages.detach()[:, None] * masked).sum() / mask.sum()
