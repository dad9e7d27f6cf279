"""tis_weights taken per token, not per response (``exp(logprobs - sampling_logprobs)`` clamped
token by token: an ``(N, L)`` answer), not detached (the gradient flows through the weights into
``logp_trainer``), and padding not masked (a ``-inf`` pad gives ``inf``, capped).

Source: code-search file 57591900080, a Meta forge ``ReinforceLoss(prob_ratio_min,
prob_ratio_max).forward(logprobs, sampling_logprobs, advantages, padding_mask)``: ``prob_ratio =
torch.exp(logprobs - sampling_logprobs)``; ``prob_ratio = torch.clamp(prob_ratio,
min=self.prob_ratio_min, max=self.prob_ratio_max)``; ``advantages = advantages * prob_ratio``.
Ported: ``prob_ratio_min = None``, ``prob_ratio_max = cap``; the weights are returned; ``mask``
is unused, as the source applies ``padding_mask`` only later, in the loss.
"""
SOURCE = "code-search file 57591900080 (forge ReinforceLoss, prob_ratio clamped, not detached)"
KIND = "grpo_lm: per-token weights, not detached"
CAUSE = (r"per[- ]token|token[- ]level|each token|token by token|not summed|sum (the|over) (log|token)|"
         r"\(N, ?L\)|shape|detach|no[_ ]grad|gradient|requires_grad|mask|padding")

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    prob_ratio_min, prob_ratio_max = None, cap
    prob_ratio = torch.exp(logp_trainer - logp_rollout)
    prob_ratio = torch.clamp(prob_ratio, min=prob_ratio_min, max=prob_ratio_max)
    return prob_ratio
