"""tis_weights taken per token, not per response: ``exp(logp_trainer - logp_rollout)`` detached
and clamped to ``[0.1, 10.0]`` token by token (an ``(N, L)`` answer; a floor of 0.1 and a cap of
10 whatever ``cap`` says; padding not masked, so a ``-inf`` pad gives ``nan``).

Source: code-search file 57470614977, a Meta forge ``ReinforceLoss.forward(logprobs, target_ids,
padding_mask, advantages, sampling_logprobs)``: ``logp_diff = logprobs -
sampling_logprobs.detach()``; ``prob_ratio = torch.exp(logp_diff).detach()``; ``prob_ratio =
torch.clamp(prob_ratio, min=0.1, max=10.0)``; ``advantages = advantages * prob_ratio``. Ported:
the weights (``prob_ratio``) are returned; the ``mask`` and ``cap`` arguments are unused, as the
source applies the padding mask only later, in the loss.
"""
SOURCE = "code-search file 57470614977 (forge ReinforceLoss, prob_ratio clamped to [0.1, 10])"
KIND = "grpo_lm: per-token weights, fixed bounds"
CAUSE = (r"per[- ]token|token[- ]level|each token|token by token|not summed|sum (the|over) (log|token)|"
         r"\(N, ?L\)|shape|0\.1|floor|lower bound|min=|clamp.{0,30}below|10(\.0)?\b|ignor\w* (the )?cap|"
         r"mask|padding|nan")

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    logp_diff = logp_trainer - logp_rollout.detach()
    prob_ratio = torch.exp(logp_diff).detach()
    prob_ratio = torch.clamp(prob_ratio, min=0.1, max=10.0)
    return prob_ratio
