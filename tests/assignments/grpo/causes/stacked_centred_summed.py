"""A loss that centres the advantages again (minus their batch mean) and sums over the
responses where the contract averages them."""
CAUSE = r"(?=.*`advantages` is centred)(?=.*sums over)"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    a = advantages.detach()
    a = a - a.mean()
    seq = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(dim=1)
    return -(a * seq).sum()
