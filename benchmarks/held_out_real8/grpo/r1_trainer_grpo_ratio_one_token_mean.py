"""grpo_loss from an R1-style GRPO trainer (TRL's early ``compute_loss``): the per-token loss is
``exp(logp - logp.detach()) * A``, a ratio that is always exactly ONE (only its gradient is
``A``), and each response's loss is the MEAN over its real tokens (``(loss * mask).sum(dim=1) /
mask.sum(dim=1)``) before the mean over responses: the value is ``-mean(A)`` whatever the
log-probs, and each token's gradient is weighted by one over its response's length.

Source: code-search file 28320960559, ``per_token_loss = torch.exp(per_token_logps -
per_token_logps.detach()) * advantages.unsqueeze(1); per_token_loss = -(per_token_loss - self.beta
* per_token_kl); loss = ((per_token_loss * completion_mask).sum(dim=1) /
completion_mask.sum(dim=1)).mean()``. Ported: no reference model, so the KL term is 0 (beta = 0);
the padding (which may hold ``-inf``) is zeroed before the exponent; the advantages are detached.
"""
SOURCE = "code-search file 28320960559"
KIND = "grpo: ratio always one, per-response token mean"
CAUSE = r"(always|exactly|identically) (one|1)|ratio|detach|token|length|mean over|average"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    per_token_logps = token_logprobs.masked_fill(~mask, 0.0)
    completion_mask = mask.to(token_logprobs.dtype)
    advantages = advantages.detach()
    per_token_loss = torch.exp(per_token_logps - per_token_logps.detach()) * advantages.unsqueeze(1)
    per_token_loss = -per_token_loss
    loss = ((per_token_loss * completion_mask).sum(dim=1) / completion_mask.sum(dim=1)).mean()
    return loss
