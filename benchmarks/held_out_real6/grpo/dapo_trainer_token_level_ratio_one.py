"""grpo_loss as a DAPO trainer's ``compute_loss`` writes it: on-policy the "old" log-probs are the
current ones detached, so the ratio ``exp(logp - logp.detach())`` is identically 1 and the loss
VALUE is minus the advantages' token-weighted mean, whatever the log-probs; and the loss is averaged
over all real tokens of the batch (``sum / total_tokens``), so each response weighs as much as it has
tokens, instead of one term ``-adv_i * sequence_logprob_i`` per response averaged over responses.

Source: code-search file 52300228064, a DAPO trainer: ``ratio = torch.exp(per_token_logps -
per_token_logps.detach())  # π_θ / π_θ_old; ratio_clipped = torch.clamp(ratio, 1.0 -
self.epsilon_low, 1.0 + self.epsilon_high); per_token_loss = -torch.min(ratio *
advantages.unsqueeze(1), ratio_clipped * advantages.unsqueeze(1)); total_tokens =
completion_mask.sum(); loss = (per_token_loss * completion_mask).sum() / (total_tokens + 1e-8)``.
Ported: ``per_token_logps`` is ``token_logprobs``, ``completion_mask`` the mask as a float of their
dtype; DAPO's clip range (0.2, 0.28) kept.
"""
SOURCE = "code-search file 52300228064 (DAPO trainer compute_loss, token-level normalisation)"
KIND = "grpo: ratio always one, token-level mean"
CAUSE = r"ratio|exp\(|detach|always (one|1)|token|length|per.token"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    epsilon_low, epsilon_high = 0.2, 0.28
    per_token_logps = token_logprobs
    completion_mask = mask.to(token_logprobs.dtype)
    ratio = torch.exp(per_token_logps - per_token_logps.detach())
    ratio_clipped = torch.clamp(ratio, 1.0 - epsilon_low, 1.0 + epsilon_high)
    per_token_loss = -torch.min(ratio * advantages.unsqueeze(1),
                                ratio_clipped * advantages.unsqueeze(1))
    total_tokens = completion_mask.sum()
    loss = (per_token_loss * completion_mask).sum() / (total_tokens + 1e-8)
    return loss
