"""verl's ``agg_loss`` with ``loss_agg_mode="seq-mean-token-sum"``, then summed over the
batch instead of averaged (``loss.sum()`` for a gradient-accumulation step), the sign left off
(a policy-gradient objective, maximised), and the mask applied by multiplication (padding that
holds -inf turns into NaN)."""
CAUSE = r"(?=.*(plain sum|sums over the responses))(?=.*sign)(?=.*multiplies the padding)"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    pg = token_logprobs * advantages.detach()[:, None]
    seq = (pg * mask.to(pg.dtype)).sum(dim=-1)
    return seq.sum()
