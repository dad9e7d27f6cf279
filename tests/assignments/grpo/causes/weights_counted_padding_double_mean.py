"""A notebook's loss that forgot the mask entirely: ``(A[:, None] * logp).mean(dim=1)`` (each
response's mean over ALL L positions, padding counted) and then ``.mean()`` over the batch,
with the advantages standardised inside (population std, eps 1e-8) in float32."""
CAUSE = r"(?=.*counts the padding)(?=.*standardises the advantages)"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    a = advantages.detach().float()
    a = (a - a.mean()) / (a.std(unbiased=False) + 1e-8)
    per_token = -(a[:, None] * token_logprobs.float())
    return per_token.mean(dim=1).mean().to(token_logprobs.dtype)
