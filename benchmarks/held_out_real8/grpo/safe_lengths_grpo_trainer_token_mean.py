"""grpo_loss from another GRPO trainer built on TRL's loss: the same ``exp(logp - logp.detach())
* A`` per token (a ratio that is always one), with each response's token losses averaged over its
length, here clamped at 1 (``safe_lengths``), then the mean over responses.

Source: code-search file 54832373823, ``per_token_loss = torch.exp(per_token_logps -
per_token_logps.detach()) * advantages.unsqueeze(1); per_token_loss = -(per_token_loss - self.beta
* per_token_kl); safe_lengths = completion_mask.sum(dim=1).clamp_min(1); loss = ((per_token_loss *
completion_mask).sum(dim=1) / safe_lengths).mean()``. Ported: no reference model (beta = 0); the
bool mask multiplies directly, as the trainer's int mask does; the advantages are detached.
"""
SOURCE = "code-search file 54832373823"
KIND = "grpo: ratio always one, per-response token mean"
CAUSE = r"(always|exactly|identically) (one|1)|ratio|detach|token|length|mean over|average|multipl|-inf|nan"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    per_token_logps = token_logprobs
    completion_mask = mask
    advantages = advantages.detach()
    per_token_loss = torch.exp(per_token_logps - per_token_logps.detach()) * advantages.unsqueeze(1)
    per_token_loss = -per_token_loss
    safe_lengths = completion_mask.sum(dim=1).clamp_min(1)
    loss = ((per_token_loss * completion_mask).sum(dim=1) / safe_lengths).mean()
    return loss
