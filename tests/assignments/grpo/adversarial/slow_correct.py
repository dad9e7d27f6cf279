"""Correct answers, but every call takes 3 s (prepended wrong answers are overridden)."""
import time

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    time.sleep(3)
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        centred = centred / (rewards.std(dim=1, unbiased=False, keepdim=True) + eps)
    return centred


def sequence_logprob(token_logprobs, mask):
    time.sleep(3)
    return torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(dim=1)


def grpo_loss(token_logprobs, mask, advantages):
    time.sleep(3)
    seq = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(dim=1)
    return -(advantages.detach() * seq).mean()
