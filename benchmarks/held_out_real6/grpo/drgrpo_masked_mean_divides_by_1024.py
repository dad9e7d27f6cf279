"""grpo_loss with a "Dr. GRPO" masked mean that divides every response's masked token sum by the
constant 1024 (a maximum generation length) instead of averaging the responses' summed log-probs:
the loss is ``-mean_i(adv_i * sum_t logp_it) / 1024``, 1024 times too small, and the padding is
removed by multiplying with the mask, so a ``-inf`` in the padding gives ``nan``.

Source: code-search file 3968133408, a GRPO ``loss.py``: ``def masked_mean(tensor, mask, dim=None):
if mask is None: return tensor.mean(axis=dim); return (tensor * mask).sum(axis=dim) / 1024  # Dr.
GRPO``; ``GRPOLoss.forward``: ``ratio = (log_probs - old_log_probs).exp(); loss = -ratio *
advantages; loss = masked_mean(loss, action_mask, dim=-1).mean()``. Ported: the contract's loss has
no old policy, so the per-token term is ``-logp * advantage`` (the gradient the on-policy ratio
gives), with the source's aggregation kept; the mask as a float of the log-probs' dtype.
"""
SOURCE = "code-search file 3968133408 (GRPOLoss with masked_mean / 1024, Dr. GRPO)"
KIND = "grpo: constant divisor 1024 instead of the mean over responses"
CAUSE = r"1024|constant|scal|factor|divid|-inf|nan|padding|multipl"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    def masked_mean(tensor, mask, dim=None):
        if mask is None:
            return tensor.mean(axis=dim)
        return (tensor * mask).sum(axis=dim) / 1024  # Dr. GRPO

    action_mask = mask.to(token_logprobs.dtype)
    loss = -token_logprobs * advantages.detach().unsqueeze(-1)
    loss = masked_mean(loss, action_mask, dim=-1).mean()
    return loss
