"""A control: sequence_logprob as a preference-optimisation trainer's ``_sequence_logps`` computes
it: the token log-probs at ignored positions are replaced by zero with ``masked_fill(~mask, 0.0)``
and the rest summed (its ``length_normalize`` option off), so a ``-inf`` at padding never reaches
the sum.

Source: code-search file 55111152264, ``token_logps = torch.log_softmax(token_logits,
dim=-1).gather(-1, safe_labels.unsqueeze(-1)).squeeze(-1); logp_sums = token_logps.masked_fill(~mask,
0.0).sum(dim=-1); token_counts = mask.sum(dim=-1); if self.length_normalize: return logp_sums /
token_counts.clamp_min(1), token_counts; return logp_sums, token_counts``. Ported: the token
log-probs and the mask are the arguments (the source's ``.float()`` acts on the logits, before this
step); ``length_normalize`` is off and only the sums are returned.
"""
SOURCE = "code-search file 55111152264"
KIND = "control: sequence log-prob by masked_fill then sum"
CORRECT = True

import torch


def sequence_logprob(token_logprobs, mask):
    token_logps = token_logprobs
    logp_sums = token_logps.masked_fill(~mask, 0.0).sum(dim=-1)
    return logp_sums
