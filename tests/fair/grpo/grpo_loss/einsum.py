"""One einsum over responses and tokens, the padding zeroed first."""
import torch


def grpo_loss(token_logprobs, mask, advantages):
    lp = token_logprobs.masked_fill(~mask, 0.0)
    return -torch.einsum("n,nl->", advantages.detach(), lp) / advantages.numel()
