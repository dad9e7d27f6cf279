"""grpo_loss with a "Dr. GRPO-style" sequence log-prob: the masked sum of token log-probs divided
by a constant, the maximum generation length, so the loss is the contract's divided by that
constant (and NaN where padding holds -inf).

Source: public code in the code-search corpus (file id 62649706102, a multi-role LoRA trainer's
``_mini_batch_update_step``; the same line is in files 62497398783 and 2463278294; the index
does not name the repository): ``seq_logp = (tok_logp * mask).sum(1) /
self.max_generation_len``, ``loss = -(advs * seq_logp).mean() / scaling``. Ported: the padded
length L of the batch for ``max_generation_len``, scaling 1, ``advs`` constants.
"""
SOURCE = "code-search file 62649706102 (seq_logp divided by max_generation_len)"
KIND = "grpo: divided by a constant"
CAUSE = (r"constant|max\w*.{0,20}length|padded length|divid\w*.{0,40}(\bL\b|length)|scale|"
         r"too small|factor|-inf|\bnan\b|multipl\w*.{0,40}mask")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    tok_logp = token_logprobs
    advs = advantages.detach()
    max_generation_len = mask.shape[1]
    seq_logp = (tok_logp * mask).sum(1) / max_generation_len
    loss = -(advs * seq_logp).mean() / 1.0
    return loss
