"""grpo_loss as a DeepSpeed GRPO trainer writes it: the per-token loss ``-exp(logp -
logp.detach()) * A`` (value ``-A``, gradient ``-A * grad logp``), summed over the mask as a float
and divided by the batch's token count: each response weighted by its length, and ``-inf``
padding multiplied by 0 gives NaN.

Source: code-search file 15513572982 (a GRPO trainer's ``train_step``): ``per_token_loss =
torch.exp(per_token_logps - per_token_logps.detach()) * advantages_expanded``, ``per_token_loss =
-(per_token_loss - self.beta * per_token_kl)``, ``completion_mask =
completion_mask.to(per_token_loss.dtype)``, ``loss = (per_token_loss * completion_mask).sum() /
completion_mask.sum()``. Ported: no reference model (``beta = 0``); the advantages, ``(B, G)`` ->
``(-1, 1)`` there, are the contract's ``(N,)`` expanded over the tokens (detached).
"""
SOURCE = "code-search file 15513572982 (GRPOTrainer.train_step, token-mean loss)"
KIND = "grpo: token mean over the batch + ratio of itself"
CAUSE = (r"token|length|ratio.{0,40}(one|1\b)|exp\(.{0,30}detach|-inf|\bnan\b|"
         r"multipl\w*.{0,40}mask")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    per_token_logps = token_logprobs
    advantages_expanded = advantages.detach().view(-1, 1).expand(-1, token_logprobs.shape[1])
    per_token_loss = torch.exp(per_token_logps - per_token_logps.detach()) * advantages_expanded
    per_token_loss = -per_token_loss
    completion_mask = mask.to(per_token_loss.dtype)
    loss = (per_token_loss * completion_mask).sum() / completion_mask.sum()
    return loss
