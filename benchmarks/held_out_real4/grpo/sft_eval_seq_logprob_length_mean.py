"""sequence_logprob that averages over the real tokens (``sum / mask.sum().clamp(min=1)``: the
log-prob divided by the response's length), removes padding by multiplying with the mask (a
``-inf`` pad gives ``-inf * 0 = nan``), and computes in float32 (``logits.float()``).

Source: code-search file 56587087338, ``sequence_logprob(model, batch)``: ``logits =
outputs.logits[:, :-1, :].float()``; ``mask = labels.ne(-100)``; ``token_logp =
torch.log_softmax(logits, dim=-1).gather(...)``; ``lengths = mask.sum(dim=-1).clamp(min=1)``;
``return (token_logp * mask).sum(dim=-1) / lengths``. Ported: the token log-probs come in (made
float32 as the source's ``.float()`` logits make them), ``mask`` is the bool mask.
"""
SOURCE = "code-search file 56587087338 (sequence_logprob, length-averaged, float32)"
KIND = "grpo: length-normalised sequence log-prob, mask product, float32"
CAUSE = (r"length|per[- ]token|token[- ]mean|mean (of|over) (the )?tokens|average (of|over) (the )?tokens|"
         r"averag\w* (the )?token|divid\w* by (the )?(number of tokens|mask|count)|normali[sz]ed by|"
         r"multipl\w* (by|with) the mask|mask product|\* ?mask|nan|-inf|padding|float32|precision")

import torch


def sequence_logprob(token_logprobs, mask):
    token_logp = token_logprobs.float()
    lengths = mask.sum(dim=-1).clamp(min=1)
    return (token_logp * mask).sum(dim=-1) / lengths
