"""Each response's log-prob divided by its length (a per-token mean: another objective)."""
import torch


def grpo_loss(token_logprobs, mask, advantages):
    seq = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(1)
    return -(advantages.detach() * seq / mask.sum(1).clamp(min=1)).mean()
