"""grpo_loss as a Fisher-information script computes its GRPO-style loss: each response's
log-prob is the per-token MEAN, ``(token_log_probs * mask).sum(-1) / (mask.sum(-1) + 1e-8)``, so long
and short responses are scaled by their lengths, and the padding is removed by multiplying with a
float mask (a ``-inf`` there gives ``nan``).

Source: code-search file 53278122283, ``gen_token_log_probs = -F.cross_entropy(...,
reduction='none').view_as(gen_labels); mask = (gen_labels != tokenizer.pad_token_id).float();
seq_log_probs = (gen_token_log_probs * mask).sum(dim=-1) / (mask.sum(dim=-1) + 1e-8); loss =
-(seq_log_probs * advantages).mean()``. Ported: ``gen_token_log_probs`` is ``token_logprobs`` and the
pad mask is ``mask`` as a float.
"""
SOURCE = "code-search file 53278122283 (Fisher script, seq_log_probs mean over tokens)"
KIND = "grpo: per-token mean instead of the sequence log-prob"
CAUSE = r"mean|average|per.token|length|number of (real )?tokens|divid|normali"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    gen_token_log_probs = token_logprobs
    mask = mask.float()
    seq_log_probs = (gen_token_log_probs * mask).sum(dim=-1) / (mask.sum(dim=-1) + 1e-8)
    loss = -(seq_log_probs * advantages).mean()
    return loss
