"""Control: sequence_logprob as a DPO helper's ``token_log_p.masked_fill(~completion_mask,
0.0).sum(dim=1)``: the padded positions are REPLACED by 0 (not multiplied by it, so a ``-inf`` in
the padding is harmless) and the real tokens' log-probs summed: exactly the contract's answer.

Source: code-search file 53933231116, a DPO utilities module's sequence log-prob helper:
``completion_mask = (positions + 1 >= prompt_lengths.unsqueeze(1)) & (attention_mask[:, 1:] > 0);
token_log_p = token_log_p.masked_fill(~completion_mask, 0.0); return token_log_p.sum(dim=1)``.
Ported: the token log-probs and the bool mask are given (the source gathers them from logits and
builds the mask from prompt lengths).
"""
SOURCE = "code-search file 53933231116 (DPO utils sequence log-prob, masked_fill then sum)"
KIND = "control"
CORRECT = True

import torch


def sequence_logprob(token_logprobs, mask):
    token_log_p, completion_mask = token_logprobs, mask
    token_log_p = token_log_p.masked_fill(~completion_mask, 0.0)
    return token_log_p.sum(dim=1)
