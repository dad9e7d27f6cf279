"""grpo_loss is the mean over all N * L token positions of A_i * logp, padding included.

Source: asimkadav/nanogrpo, grpo.py, ``GRPOLoss.forward``: ``pg = -(adv.unsqueeze(1).detach() *
logp_tokens).mean()`` (no mask anywhere; the KL term dropped here, kl_coef 0).
"""
SOURCE = "asimkadav/nanogrpo grpo.py (GRPOLoss.forward)"
KIND = "grpo: token mean over all positions"
CAUSE = r"token|padding|apply the mask|N \* L|-inf|NaN"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    pg = -(advantages.unsqueeze(1).detach() * token_logprobs).mean()
    return pg
