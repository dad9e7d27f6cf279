"""torch.dot of the advantages and the sequence log-probs."""
import torch


def grpo_loss(token_logprobs, mask, advantages):
    seq = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(dim=1)
    return -torch.dot(advantages.detach(), seq) / seq.shape[0]
