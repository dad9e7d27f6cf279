"""Correct, written differently: torch.var_mean with correction=0, einsum for the loss."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    var, mean = torch.var_mean(rewards, dim=-1, keepdim=True, correction=0)
    adv = rewards - mean
    if normalize_std:
        adv = adv / (var.sqrt() + eps)
    all_equal = (rewards == rewards[:, :1]).all(dim=-1, keepdim=True)
    return adv.masked_fill(all_equal, 0.0)


def sequence_logprob(token_logprobs, mask):
    real = token_logprobs.masked_fill(~mask, 0.0)
    return torch.einsum("nl->n", real)


def grpo_loss(token_logprobs, mask, advantages):
    n = token_logprobs.shape[0]
    real = token_logprobs.masked_fill(~mask, 0.0)
    return -torch.einsum("n,nl->", advantages.detach(), real) / n
