"""Padding replaced by zeros first (never multiplied: -inf * 0 is NaN), then einsum."""
import torch


def sequence_logprob(token_logprobs, mask):
    real = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))
    return torch.einsum("nl->n", real)
