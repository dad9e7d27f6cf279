"""grpo_loss as a TRL-style GRPO trainer writes it: ``torch.exp(per_token_logps -
per_token_logps.detach()) * advantages`` per token (a ratio of ONE in value, whose gradient is the
log-prob's), masked by MULTIPLYING with the mask, then AVERAGED over each response's tokens
(divided by its length) and over the responses: the loss's value is ``-mean(advantages)`` and
never depends on the log-probs, and each token is weighted by one over its response's length.

Source: code-search file 5659096037, ``# x - x.detach() allows for preserving gradients from x;
per_token_loss = torch.exp(per_token_logps - per_token_logps.detach()) *
advantages.unsqueeze(1); per_token_loss = -(per_token_loss - self.beta * per_token_kl); loss =
((per_token_loss * completion_mask).sum(dim=1) / completion_mask.sum(dim=1)).mean()``. Ported:
no KL term (``beta = 0``); the advantages are detached (they are constants in the source).
"""
SOURCE = "code-search file 5659096037"
KIND = "grpo: ratio always one, tokens averaged per response"
CAUSE = r"ratio|always (one|1)|detach|token|length|per.?token|average[sd]? over|mean over|does not depend|independent"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    per_token_logps = token_logprobs
    completion_mask = mask
    advantages = advantages.detach()
    per_token_loss = torch.exp(per_token_logps - per_token_logps.detach()) * advantages.unsqueeze(1)
    per_token_loss = -per_token_loss
    loss = ((per_token_loss * completion_mask).sum(dim=1) / completion_mask.sum(dim=1)).mean()
    return loss
