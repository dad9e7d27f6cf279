"""sequence_logprob as an RLHF loop computes it: the masked token log-probs summed and divided by
the number of real tokens, ``(gathered * mask).sum(1) / mask.sum(1).clamp(min=1)``, so each
response gets the MEAN log-prob per token instead of the log-probability of the whole response;
the padding is removed by multiplying with the mask (a ``-inf`` there gives ``nan``).

Source: code-search file 14290104571, an RLHF PPO loop script: ``def sequence_logprob(model,
input_ids, attention_mask): ...; mask = attention_mask[:, 1:]; log_probs = log_softmax(logits,
dim=-1); gathered = torch.gather(log_probs, dim=2, index=labels.unsqueeze(-1)).squeeze(-1);
seq_logprob = (gathered * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1); return seq_logprob``.
Ported: ``gathered`` is ``token_logprobs`` (already aligned with their tokens, so no shift), the
mask as the integer attention mask it is in the source.
"""
SOURCE = "code-search file 14290104571 (RLHF PPO loop sequence_logprob, masked mean)"
KIND = "grpo: mean over tokens instead of sum"
CAUSE = r"mean|average|per.token|length|number of (real )?tokens|divid|normali"

import torch


def sequence_logprob(token_logprobs, mask):
    gathered = token_logprobs
    mask = mask.long()
    seq_logprob = (gathered * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1)
    return seq_logprob
