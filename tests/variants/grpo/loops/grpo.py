"""Correct, written differently: Python loops over groups and over each response's tokens."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    rows = []
    for group in rewards:
        if bool((group == group[0]).all()):
            rows.append(torch.zeros_like(group))    # every answer equal: nothing to learn
            continue
        centred = group - group.sum() / group.numel()
        if normalize_std:
            centred = centred / (torch.sqrt((centred ** 2).mean()) + eps)
        rows.append(centred)
    return torch.stack(rows)


def sequence_logprob(token_logprobs, mask):
    totals = []
    for logprobs, real in zip(token_logprobs, mask):
        total = torch.zeros((), dtype=token_logprobs.dtype)
        for t in range(logprobs.shape[0]):
            if real[t]:
                total = total + logprobs[t]
        totals.append(total)
    return torch.stack(totals)


def grpo_loss(token_logprobs, mask, advantages):
    seq = sequence_logprob(token_logprobs, mask)
    total = 0.0
    for i in range(seq.shape[0]):
        total = total + advantages[i].detach() * seq[i]
    return -total / seq.shape[0]
