"""Control: sequence_logprob with ``masked_fill(~mask, 0.0)`` before the sum: padding is replaced,
not multiplied, so a -inf there never reaches the sum.

Source: public code in the code-search corpus (file id 70418456140, a speech-model GRPO
script's per-sequence log-prob; the index does not name the repository): ``tok_logp =
logp.gather(-1, tgt.unsqueeze(-1)).squeeze(-1)``, ``seq_logp = tok_logp.masked_fill(~mask,
0.0).sum(dim=-1)``. Ported: the gathered log-probs and the mask are the contract's inputs.
"""
SOURCE = "code-search file 70418456140 (seq_logp with masked_fill)"
KIND = "control"
CORRECT = True

import torch


def sequence_logprob(token_logprobs, mask):
    seq_logp = token_logprobs.masked_fill(~mask, 0.0).sum(dim=-1)
    return seq_logp
