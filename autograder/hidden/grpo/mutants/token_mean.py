"""Averages over all N * L token positions instead of over the N sequences."""
HINT = "you averaged over tokens; the loss is minus the mean over the N responses of A_i * (sum of its tokens' log-probs)"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    masked = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))
    return -(advantages.detach()[:, None] * masked).mean()
