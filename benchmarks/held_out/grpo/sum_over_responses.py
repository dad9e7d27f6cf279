"""grpo_loss sums over the responses (no mean)."""
CAUSE = r"sum|times"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    total = torch.zeros((), dtype=token_logprobs.dtype)
    for i in range(token_logprobs.shape[0]):
        total = total - advantages[i].detach() * token_logprobs[i][mask[i]].sum()
    return total
