"""tis_weights capped per token: each real token's log-ratio clamped to [-10, 10], exponentiated
and capped at ``cap``; reconstructed for the sequence-level contract as the product of those
token weights (padding contributes 1). A response whose tokens each stay under the cap can be
far over it as a whole, and one token's large ratio is cut at cap before the others multiply.

Source: public code in the code-search corpus (file id 53117260698, a ``grpo_fast.py`` with
``compute_tis_weights(old_logprob, vllm_logprobs, response_mask, cap)``; the index does not name
the repository): ``logprob_diff = torch.where(response_mask, logprob_diff.clamp(-10.0, 10.0),
torch.zeros_like(logprob_diff))``, ``unclamped = torch.where(response_mask,
torch.exp(logprob_diff), unclamped)``, ``clamped = torch.clamp(unclamped, max=cap)``. The old
log-probs are detached in the source's loop.
"""
SOURCE = "code-search file 53117260698 (grpo_fast compute_tis_weights, per token)"
KIND = "tis: cap per token"
CAUSE = r"each token|per.token|whole response|token.level|10\b|clamp\w*.{0,30}log"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    old_logprob = logp_trainer.detach()
    unclamped = torch.ones_like(old_logprob)
    logprob_diff = old_logprob - logp_rollout
    logprob_diff = torch.where(mask, logprob_diff.clamp(-10.0, 10.0), torch.zeros_like(logprob_diff))
    unclamped = torch.where(mask, torch.exp(logprob_diff), unclamped)
    clamped = torch.clamp(unclamped, max=cap)
    return clamped.prod(dim=-1)
