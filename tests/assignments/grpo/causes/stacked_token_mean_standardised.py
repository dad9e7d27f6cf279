"""A DAPO-style token-level loss (every real token of the batch counts once, so each response
weighs its length) that also standardises the advantages itself (population std, an eps of 1e-8)."""
CAUSE = r"(?=.*(real tokens|token-level))(?=.*standardis)"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    adv = advantages.detach()
    adv = (adv - adv.mean()) / (adv.std(unbiased=False) + 1e-8)
    lp = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs))
    per_token = -adv[:, None] * lp
    return per_token[mask].sum() / mask.sum()
