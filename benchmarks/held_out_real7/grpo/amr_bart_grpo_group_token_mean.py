"""grpo_loss from a BART AMR-parsing GRPO script: the per-token clipped objective ``min(ratios *
A, clipped_ratios * A)`` is masked by multiplying with the completion mask and divided by the
number of REAL TOKENS OF THE WHOLE GROUP (``(loss * completion_mask).sum() /
completion_mask.sum()``), so each response weighs by its length; on the first update the old
scores equal the current ones, so the ratio is one in value and the loss never sees the
log-probs' values.

Source: code-search file 32374809439, ``ratios = torch.exp(group_current_scores -
group_old_scores); clipped_ratios = torch.clamp(ratios, min=1.0 - epsilon, max=1.0 + epsilon);
... loss = (torch.min(ratios * advantages.unsqueeze(-1), clipped_ratios *
advantages.unsqueeze(-1)) - beta * kl); loss = -(loss * completion_mask).sum() /
completion_mask.sum()``. Ported: one group (the N responses), ``beta = 0``, ``epsilon = 0.1``
as configured there; the old scores are the current ones, detached (the first step after
``old_model.load_state_dict``); the advantages are detached.
"""
SOURCE = "code-search file 32374809439"
KIND = "grpo: ratio one in value, token mean over the group"
CAUSE = r"ratio|always (one|1)|detach|token|length|per.?token|average[sd]? over|mean over|does not depend|independent"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    epsilon = 0.1
    group_current_scores = token_logprobs
    group_old_scores = token_logprobs.detach()
    advantages = advantages.detach()
    ratios = torch.exp(group_current_scores - group_old_scores)
    clipped_ratios = torch.clamp(ratios, min=1.0 - epsilon, max=1.0 + epsilon)
    completion_mask = mask
    loss = torch.min(ratios * advantages.unsqueeze(-1), clipped_ratios * advantages.unsqueeze(-1))
    loss = -(loss * completion_mask).sum() / completion_mask.sum()
    return loss
