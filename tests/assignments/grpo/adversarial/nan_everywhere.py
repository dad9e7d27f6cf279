"""Returns NaN of the right shape and dtype everywhere."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    return torch.full_like(rewards, float("nan"))


def sequence_logprob(token_logprobs, mask):
    return torch.full_like(token_logprobs[:, 0], float("nan"))


def grpo_loss(token_logprobs, mask, advantages):
    return (token_logprobs * float("nan")).sum()
