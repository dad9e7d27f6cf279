"""``sequence_logprob`` as a notebook writes it before it knows about padding: every position's
log-prob summed (no mask) and divided by the padded length L (``token_logprobs.mean(dim=-1)``),
computed in float32."""
CAUSE = r"(?=.*(padded length|dim 1))(?=.*padding)"

import torch


def sequence_logprob(token_logprobs, mask):
    return token_logprobs.float().mean(dim=-1).to(token_logprobs.dtype)
