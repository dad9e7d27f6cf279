r"""grpo_loss as a token-level clipped objective averaged over all the batch's real tokens (each
response weighted by its length), with the mask multiplied in as a float (``-inf`` padding gives
NaN); on policy the ratio is ``exp(logp - logp.detach())``, 1 in value, so the value is minus
the token-weighted mean advantage.

Source: code-search file 71243545877, "Token-level clipped GRPO objective": ``mask =
response_mask.float()``, ``ratio = torch.exp(new_log_probs - old_log_probs)``, ``sequence_adv =
advantages[:, None]``, ``policy_term = torch.minimum(ratio * sequence_adv, torch.clamp(ratio, 1.0
- clip_low, 1.0 + clip_high) * sequence_adv)``, ``policy_loss = -(policy_term * mask).sum() /
mask.sum().clamp_min(1.0)``. Ported: on policy (``old_log_probs = new_log_probs.detach()``), clip
0.2 both sides, no reference KL.
"""
SOURCE = "code-search file 71243545877 (token-level clipped GRPO objective)"
KIND = "grpo: token mean over the batch + ratio of itself"
CAUSE = (r"token|length|ratio.{0,40}(one|1\b)|exp\(.{0,30}detach|-inf|\bnan\b|"
         r"multipl\w*.{0,40}mask")

import torch


def grpo_loss(token_logprobs, mask, advantages):
    new_log_probs = token_logprobs
    old_log_probs = token_logprobs.detach()
    mask = mask.float()
    ratio = torch.exp(new_log_probs - old_log_probs)
    sequence_adv = advantages.detach()[:, None]
    unclipped = ratio * sequence_adv
    clipped_ratio = torch.clamp(ratio, 1.0 - 0.2, 1.0 + 0.2)
    clipped = clipped_ratio * sequence_adv
    policy_term = torch.minimum(unclipped, clipped)
    denom = mask.sum().clamp_min(1.0)
    policy_loss = -(policy_term * mask).sum() / denom
    return policy_loss
