"""grpo_loss that whitens the advantages of the batch again (population std, + 1e-6 as its
group_advantages writes it) and sums the per-response objective instead of averaging it."""
CAUSE = r"(?=.*(standardi|normali))(?=.*\bsums?\b)"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    adv = advantages.detach()
    adv = (adv - adv.mean()) / (adv.std(unbiased=False) + 1e-6)
    seq = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(dim=1)
    return -(adv * seq).sum()
