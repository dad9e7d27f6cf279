"""grpo_loss divides each response's summed log-prob by its number of real tokens."""
CAUSE = r"length|mean|divided"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    seq = torch.where(mask, token_logprobs, 0.0).sum(-1) / mask.float().sum(-1)
    return -torch.mean(advantages.detach() * seq)
