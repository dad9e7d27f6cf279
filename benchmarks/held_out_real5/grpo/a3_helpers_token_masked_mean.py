"""grpo_loss as the mean of the per-token loss ``-A_i * logp_t`` over ALL real tokens of the
batch (``masked_mean`` with ``dim=None``) instead of the mean over responses of ``-A_i *
sum_t logp_t``: each response is weighted by its length and the whole divided by the token count.
The mask is applied by multiplying with it (a ``-inf`` in the padding gives nan).

Source: code-search file 62655387846, "GRPO helper methods for Part 7" of a course assignment:
``compute_naive_policy_gradient_loss`` returns ``-raw_rewards_or_advantages * policy_log_probs``;
``masked_mean(tensor, mask, dim=None)``: ``mask = mask.float(); (tensor * mask).sum() /
mask.sum()``; ``grpo_microbatch_train_step``: ``loss = masked_mean(per_token_loss,
response_mask) / gradient_accumulation_steps``. Ported: loss_type "reinforce_with_baseline",
the ``(N,)`` advantages unsqueezed to the source's ``(N, 1)``; ``gradient_accumulation_steps = 1``;
no ``backward()``.
"""
SOURCE = "code-search file 62655387846 (Part 7 GRPO helpers, masked_mean over all tokens)"
KIND = "grpo: loss averaged over tokens"
CAUSE = r"token|length|multipl\w*|\* ?mask|-inf|\bnan\b"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    def masked_mean(tensor, mask, dim=None):
        mask = mask.float()
        if dim is None:
            return (tensor * mask).sum() / mask.sum()
        else:
            return (tensor * mask).sum(dim=dim) / mask.sum(dim=dim)

    policy_log_probs, response_mask = token_logprobs, mask
    gradient_accumulation_steps = 1
    per_token_loss = -advantages.detach().unsqueeze(-1) * policy_log_probs
    loss = masked_mean(per_token_loss, response_mask) / gradient_accumulation_steps
    return loss
