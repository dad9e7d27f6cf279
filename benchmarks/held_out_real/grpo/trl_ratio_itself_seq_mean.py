"""grpo_loss as early TRL wrote it: exp(logp - logp.detach()) * A per token, averaged over each
response's tokens, then over responses: the value is -mean(A); -inf padding gives NaN.

Source: stevenGetsby/ML_DL_RL, RL/loss计算/GRPOLoss.py (a copy of TRL's GRPOTrainer.compute_loss):
``per_token_loss = torch.exp(per_token_logps - per_token_logps.detach()) *
advantages.unsqueeze(1)``; ``loss = ((per_token_loss * completion_mask).sum(dim=1) /
completion_mask.sum(dim=1)).mean()``. Ported: beta = 0 (no reference model here); the
advantages are used as they come, as there.
"""
SOURCE = "stevenGetsby/ML_DL_RL RL/loss计算/GRPOLoss.py (TRL compute_loss)"
KIND = "grpo: ratio of itself + per-response token mean"
CAUSE = r"mean\(A\)|ratio|logp\.detach|length|token|-inf|NaN|detach"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    per_token_logps = token_logprobs
    completion_mask = mask.to(token_logprobs.dtype)
    per_token_loss = torch.exp(per_token_logps - per_token_logps.detach()) * advantages.unsqueeze(1)
    per_token_loss = -per_token_loss
    loss = ((per_token_loss * completion_mask).sum(dim=1) / completion_mask.sum(dim=1)).mean()
    return loss
