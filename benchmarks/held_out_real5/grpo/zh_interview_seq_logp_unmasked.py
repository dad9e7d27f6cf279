"""sequence_logprob as ``log_probs.sum(dim=-1)``: the sum over EVERY position, padding included;
the mask is never applied (the source assumes the log-probs were already masked), so padded
positions add their values (and a ``-inf`` there gives ``-inf``).

Source: code-search file 56625771249, GRPO interview notes, ``grpo_loss(log_probs, old_log_probs,
ref_log_probs, rewards, clip_eps=0.2, kl_coeff=0.05)``: "2. 序列级 log_prob 求和（每条
completion）# 假设 log_probs 已按有效 token 求和: [B, G]": ``seq_logp = log_probs.sum(dim=-1)``.
Ported: the sequence log-prob step alone, on ``(N, L)`` token log-probs; ``mask`` accepted and
unused.
"""
SOURCE = "code-search file 56625771249 (GRPO interview notes, seq_logp = log_probs.sum(dim=-1))"
KIND = "grpo: padding summed in"
CAUSE = r"mask|padding|pad\b|padded|-inf|infinit"

import torch


def sequence_logprob(token_logprobs, mask):
    log_probs = token_logprobs
    seq_logp = log_probs.sum(dim=-1)
    return seq_logp
