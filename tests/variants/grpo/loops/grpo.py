"""Correct, written differently: Python loops over groups, masking by multiplication."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    rows = []
    for group in rewards:
        centred = group - group.sum() / group.numel()
        if normalize_std:
            centred = centred / (torch.sqrt((centred ** 2).mean()) + eps)
        rows.append(centred)
    return torch.stack(rows)


def sequence_logprob(token_logprobs, mask):
    return (token_logprobs * mask.to(token_logprobs.dtype)).sum(-1)


def grpo_loss(token_logprobs, mask, advantages):
    seq = sequence_logprob(token_logprobs, mask)
    total = 0.0
    for i in range(seq.shape[0]):
        total = total + advantages[i].detach() * seq[i]
    return -total / seq.shape[0]
