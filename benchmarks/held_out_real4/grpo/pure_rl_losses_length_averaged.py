"""grpo_loss whose sequence log-prob is averaged over the real tokens (``masked.sum(1) /
mask.sum(1).clamp(min=1)``: each response divided by its length), with the padding removed by
multiplying with the mask (a ``-inf`` pad gives ``-inf * 0 = nan``) and the advantages not
detached (a gradient flows into them when they require grad).

Source: code-search file 2794021505, "RL loss functions (pure)", ``grpo_loss(logits, labels,
loss_mask, advantages)``: ``masked_log_probs = target_log_probs * loss_mask``; ``seq_log_probs =
masked_log_probs.sum(dim=1) / loss_mask.sum(dim=1).clamp(min=1.0)``; ``loss = -(seq_log_probs *
advantages).mean()``. Ported: the token log-probs come in (the source gathers them from
``log_softmax(logits)``); ``loss_mask`` is the bool ``mask``.
"""
SOURCE = "code-search file 2794021505 (pure grpo_loss, per-sequence token average)"
KIND = "grpo: length-normalised sequence log-prob, mask product"
CAUSE = (r"length|per[- ]token|token[- ]mean|mean (of|over) (the )?tokens|average (of|over) (the )?tokens|"
         r"averag\w* (the )?token|divid\w* by (the )?(number of tokens|mask|count)|normali[sz]ed by|"
         r"multipl\w* (by|with) the mask|mask product|\* ?mask|nan|-inf|padding|detach|constant")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    loss_mask = mask
    masked_log_probs = token_logprobs * loss_mask
    seq_log_probs = masked_log_probs.sum(dim=1) / loss_mask.sum(dim=1).clamp(min=1.0)
    loss = -(seq_log_probs * advantages).mean()
    return loss
