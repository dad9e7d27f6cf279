"""grpo_loss whose sequence log-prob is the MEAN over each response's real tokens (mask product,
sum, divided by the token count): every response's gradient is divided by its length, and
padding that holds -inf gives NaN.

Source: public code in the code-search corpus (file id 2509870523, an LLM-game trainer's
``Reinforce.update`` in ``unstable.core``; the index does not name the repository): ``seq_logp =
(tok_logp * mask).sum(1) / mask.sum(1).clamp(min=1)``, ``loss = -(advs * seq_logp).mean() /
scaling`` (scaling 1). Ported: the gathered token log-probs and the response mask are the
contract's inputs; ``advs`` are built from rewards there, so constants here.
"""
SOURCE = "code-search file 2509870523 (Reinforce.update, length-averaged log-prob)"
KIND = "grpo: per-response length normalisation"
CAUSE = (r"length|mean over (its |the )?tokens|averag\w*.{0,30}tokens|token count|divid\w*.{0,40}"
         r"(tokens|length)|-inf|\bnan\b|multipl\w*.{0,40}mask")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    tok_logp = token_logprobs
    advs = advantages.detach()
    seq_logp = (tok_logp * mask).sum(1) / mask.sum(1).clamp(min=1)
    loss = -(advs * seq_logp).mean() / 1.0
    return loss
