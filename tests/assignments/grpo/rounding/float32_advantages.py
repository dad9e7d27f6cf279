"""The advantages cast to float32 (advantages.float()) before the product."""
ROUNDED = True

import torch


def grpo_loss(token_logprobs, mask, advantages):
    seq = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(dim=1)
    return -(advantages.detach().float() * seq).mean()
