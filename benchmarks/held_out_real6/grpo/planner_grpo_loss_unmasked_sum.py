"""grpo_loss whose sequence log-prob sums EVERY position, ``log_probs.sum(dim=-1)``, without the
mask: padding counts as part of each response (a ``-inf`` there makes the response's log-prob
``-inf`` and the loss infinite or ``nan``); the rest, ``-(seq_log_probs * advantages).mean()``, is the
contract's loss.

Source: code-search file 26730539481, a planning-LM GRPO trainer: ``# Compute per-sequence log
probability; seq_log_probs = log_probs.sum(dim=-1)  # (G,); pg_loss = -(seq_log_probs *
advantages).mean(); if ref_log_probs is not None: kl_div = ... else: kl_div = torch.tensor(0.0);
return pg_loss + self.beta_kl * kl_div``. Ported: ``log_probs`` is ``token_logprobs``; no reference
model (the KL term is 0); ``mask`` is accepted and, as in the source, not used.
"""
SOURCE = "code-search file 26730539481 (GRPO trainer, seq_log_probs = log_probs.sum(dim=-1))"
KIND = "grpo: mask ignored in the loss"
CAUSE = r"mask|padding|ignor|-inf|inf\b|nan"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    log_probs = token_logprobs
    seq_log_probs = log_probs.sum(dim=-1)
    pg_loss = -(seq_log_probs * advantages).mean()
    kl_div = torch.tensor(0.0, dtype=log_probs.dtype)
    beta_kl = 0.04
    return pg_loss + beta_kl * kl_div
