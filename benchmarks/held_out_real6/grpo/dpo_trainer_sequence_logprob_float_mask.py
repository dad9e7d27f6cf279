"""sequence_logprob as a DPO trainer computes it: the gathered log-probs multiplied by the response
mask turned into a float (``.float()``, float32) and summed; multiplying is not selecting, so a
padding position holding ``-inf`` gives ``-inf * 0 = nan`` and the whole response's log-prob is
``nan``.

Source: code-search file 52014717290, a DPO training script: ``def sequence_logprob(model,
input_ids, attention_mask, response_mask): ...; token_mask = response_mask[:, 1:].float();
log_probs = F.log_softmax(logits, dim=-1); gathered = log_probs.gather(dim=-1,
index=labels.unsqueeze(-1)).squeeze(-1); return (gathered * token_mask).sum(dim=-1)``. Ported:
``gathered`` is ``token_logprobs`` and the response mask is ``mask`` (both already aligned, so no
shift).
"""
SOURCE = "code-search file 52014717290 (DPO trainer sequence_logprob, gathered * mask.float())"
KIND = "grpo: padding removed by multiplying with the mask"
CAUSE = r"-inf|inf\b|nan|multipl|padding|mask"

import torch


def sequence_logprob(token_logprobs, mask):
    gathered = token_logprobs
    token_mask = mask.float()
    return (gathered * token_mask).sum(dim=-1)
