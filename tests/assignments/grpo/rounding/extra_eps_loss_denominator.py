"""The mean over responses as a sum over (N + 1e-6)."""
ROUNDED = False

import torch


def grpo_loss(token_logprobs, mask, advantages):
    seq = token_logprobs.masked_fill(~mask, 0.0).sum(-1)
    return -(advantages.detach() * seq).sum() / (advantages.numel() + 1e-6)
