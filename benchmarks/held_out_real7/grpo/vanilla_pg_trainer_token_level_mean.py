"""grpo_loss from a GRPO trainer fork that replaced the clipped ratio with a vanilla policy
gradient: ``per_token_loss = - per_token_logps * advantages.unsqueeze(1)``, then ``(per_token_loss
* completion_mask).sum() / completion_mask.sum()``: one mean over ALL REAL TOKENS of the batch
(each response weighted by its length) instead of a mean over responses of their summed
log-probs; the mask is applied by multiplying.

Source: code-search file 3786807858, ``# per_token_loss = -torch.min(per_token_loss1,
per_token_loss2); per_token_loss = - per_token_logps * advantages.unsqueeze(1); if self.beta !=
0.0: ...; loss = (per_token_loss * completion_mask).sum() / completion_mask.sum()``. Ported: no
KL term; the advantages are detached (constants in the source).
"""
SOURCE = "code-search file 3786807858"
KIND = "grpo: mean over all tokens (each response weighted by its length)"
CAUSE = r"token|length|per.?token|average[sd]? over|mean over"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    per_token_logps = token_logprobs
    completion_mask = mask
    per_token_loss = -per_token_logps * advantages.detach().unsqueeze(1)
    loss = (per_token_loss * completion_mask).sum() / completion_mask.sum()
    return loss
