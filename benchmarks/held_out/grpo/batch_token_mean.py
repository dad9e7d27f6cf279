"""grpo_loss: a token mean over the whole batch (sum of A_i * logp over real tokens / count)."""
CAUSE = r"token"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    safe = token_logprobs.masked_fill(~mask, 0.0)
    return -(advantages.detach().unsqueeze(-1) * safe).sum() / mask.sum()
