"""sequence_logprob as ``(per_token_logps * completion_mask).sum(dim=1)``: the padding is removed
by multiplying with the mask, so a padded position holding ``-inf`` gives ``-inf * 0 = nan`` and
the whole response's log-prob becomes nan (a finite padding value is zeroed correctly).

Source: code-search file 26354413984, a paired (chosen / rejected) preference trainer's
``compute_loss``: ``completion_mask = torch.cat([chosen_completion_mask,
rejected_completion_mask], dim=0); logps = (per_token_logps * completion_mask).sum(dim=1)``.
Ported: a function of ``(token_logprobs, mask)``; the chosen / rejected split, entropies and the
loss around it are dropped.
"""
SOURCE = "code-search file 26354413984 (paired trainer logps = (per_token_logps * mask).sum)"
KIND = "grpo: padding removed by multiplying with the mask"
CAUSE = r"multipl\w*|\* ?mask|-inf|\bnan\b|infinit|not a number|0 ?\* ?inf"

import torch


def sequence_logprob(token_logprobs, mask):
    per_token_logps, completion_mask = token_logprobs, mask
    logps = (per_token_logps * completion_mask).sum(dim=1)
    return logps
