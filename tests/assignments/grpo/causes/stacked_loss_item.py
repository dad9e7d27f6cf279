"""A loss over all L positions (padding included in each response's mean) returned with
.item()."""
CAUSE = r"(?=.*ALL L positions)(?=.*Python float)"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    lp = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))
    return float(-(advantages.detach() * lp.mean(dim=1)).mean())
