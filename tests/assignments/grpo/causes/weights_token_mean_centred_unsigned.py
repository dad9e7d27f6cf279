"""DAPO's token-level loss (the sum over every real token of the batch divided by the number of
real tokens, so a long response weighs its length) written as an objective (no minus sign),
with the advantages centred inside the loss (minus their batch mean) and an eps in the
token count."""
CAUSE = r"(?=.*real tokens)(?=.*sign)(?=.*(centred|centres))"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    adv = advantages.detach() - advantages.detach().mean()
    lp = token_logprobs.masked_fill(~mask, 0.0)
    return (lp * adv[:, None]).sum() / (mask.sum() + 1e-8)
