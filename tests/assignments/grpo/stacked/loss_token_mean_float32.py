"""grpo_loss averaged over tokens (each response weighted by its length) instead of per
response, the sum of each response taken with torch.where, in float32."""
CAUSE = r"token|length|average|sums over"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    lp = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).float()
    weighted = lp * advantages.detach().float()[:, None]
    return -(weighted.sum() / mask.float().sum()).to(token_logprobs.dtype)
