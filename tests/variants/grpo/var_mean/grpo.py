"""Correct, written differently: torch.var_mean with correction=0, einsum for the loss."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    var, mean = torch.var_mean(rewards, dim=-1, keepdim=True, correction=0)
    adv = rewards - mean
    return adv / (var.sqrt() + eps) if normalize_std else adv


def sequence_logprob(token_logprobs, mask):
    return torch.einsum("nl,nl->n", token_logprobs, mask.to(token_logprobs.dtype))


def grpo_loss(token_logprobs, mask, advantages):
    n = token_logprobs.shape[0]
    weights = advantages.detach()[:, None] * mask.to(token_logprobs.dtype)
    return -torch.einsum("nl,nl->", weights, token_logprobs) / n
