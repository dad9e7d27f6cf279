"""A loop over the responses, each its advantage times the sum of its real tokens."""
import torch


def grpo_loss(token_logprobs, mask, advantages):
    total = torch.zeros((), dtype=token_logprobs.dtype)
    for lp, keep, a in zip(token_logprobs, mask, advantages.detach()):
        total = total + a * lp[keep].sum()
    return -total / len(advantages)
