"""grpo_loss as the clipped token objective with the on-policy ratio ``exp(logp - logp.detach())``
(1 in value), multiplied by the float mask, summed per response and divided by its length, then
averaged over responses: the value is ``-mean_i(A_i)`` (times the real tokens' share), the
gradient ``-mean_i(A_i * mean_t grad logp)``, each response's log-prob averaged over its tokens
instead of summed; ``-inf`` padding gives NaN.

Source: code-search file 63114212126 (a translation GRPO step): ``ratio =
torch.exp(per_token_logps - per_token_logps.detach())``, ``clipped_ratio = torch.clamp(ratio, 1 -
clip_param, 1 + clip_param)``, ``per_token_adv_loss = torch.min(ratio * advantages, clipped_ratio
* advantages)``, ``per_token_obj = per_token_adv_loss - beta * per_token_kl``, ``per_token_obj =
per_token_obj * completion_mask``, ``token_counts = completion_mask.sum(dim=-1).clamp_min(1)``,
``seq_losses = -per_token_obj.sum(dim=-1) / token_counts``, ``loss = seq_losses.mean()``.
Ported: no reference KL (``beta = 0``), clip 0.2, the advantages expanded over the tokens.
"""
SOURCE = "code-search file 63114212126 (GRPO step, per-sequence token mean)"
KIND = "grpo: per-token mean log-prob + ratio of itself"
CAUSE = (r"length|token.?count|number of tokens|per.?token|average\w* over (the )?tokens|mean over (the )?tokens|"
         r"ratio.{0,40}(one|1\b)|exp\(.{0,30}detach|-inf|\bnan\b|multipl\w*.{0,40}mask")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    per_token_logps = token_logprobs
    completion_mask = mask.to(token_logprobs.dtype)
    advantages = advantages.detach().unsqueeze(-1).expand_as(per_token_logps)
    ratio = torch.exp(per_token_logps - per_token_logps.detach())
    clipped_ratio = torch.clamp(ratio, 1 - 0.2, 1 + 0.2)
    per_token_adv_loss = torch.min(ratio * advantages, clipped_ratio * advantages)
    per_token_obj = per_token_adv_loss
    per_token_obj = per_token_obj * completion_mask
    token_counts = completion_mask.sum(dim=-1).clamp_min(1)
    seq_losses = -per_token_obj.sum(dim=-1) / token_counts
    loss = seq_losses.mean()
    return loss
