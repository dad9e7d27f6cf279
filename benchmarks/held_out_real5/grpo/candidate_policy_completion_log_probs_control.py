"""Control: sequence_logprob as a candidate-policy module's ``completion_log_probs``: it checks the
shapes and that the mask is boolean, replaces the padded positions by 0 with ``masked_fill``
(so a ``-inf`` there is harmless) and sums, with length normalisation off by default: exactly the
contract's masked sum.

Source: code-search file 67266060391, a fixed-candidate GRPO module: ``def
completion_log_probs(token_log_probs, response_mask, *, length_normalize=False): if
token_log_probs.shape != response_mask.shape: raise ValueError(...); if response_mask.dtype !=
torch.bool: raise TypeError(...); totals = token_log_probs.masked_fill(~response_mask,
0.0).sum(dim=-1); if not length_normalize: return totals``, else divided by the lengths. Ported:
``length_normalize`` left at its default (off).
"""
SOURCE = "code-search file 67266060391 (fixed-candidate GRPO completion_log_probs)"
KIND = "control"
CORRECT = True

import torch


def sequence_logprob(token_logprobs, mask):
    token_log_probs, response_mask, length_normalize = token_logprobs, mask, False
    if token_log_probs.shape != response_mask.shape:
        raise ValueError("token_log_probs and response_mask must have the same shape")
    if response_mask.dtype != torch.bool:
        raise TypeError("response_mask must have boolean dtype")
    totals = token_log_probs.masked_fill(~response_mask, 0.0).sum(dim=-1)
    if not length_normalize:
        return totals
    lengths = response_mask.sum(dim=-1).clamp_min(1).to(totals.dtype)
    return totals / lengths
