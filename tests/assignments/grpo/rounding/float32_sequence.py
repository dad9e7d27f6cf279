"""The sequence log-probs summed in float32 (token_logprobs.float()), the loss in float64."""
ROUNDED = True

import torch


def grpo_loss(token_logprobs, mask, advantages):
    seq = token_logprobs.float().masked_fill(~mask, 0.0).sum(dim=1)
    return -(advantages.detach() * seq).mean()
