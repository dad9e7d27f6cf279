"""tis_weights as a sequence-level importance weight, ``exp(clamp(sum of the real tokens'
log-ratios, -30, 30))`` capped at ``cap``: the padding is dropped by boolean indexing (so a
``-inf`` pad is harmless) and the value is the contract's, but the weight is NOT detached: a
gradient flows through it into ``logp_trainer`` (the source detaches it only later, inside its
loss, ``coeff.detach()``).

Source: code-search file 27308222053, a prime-rl style loss module:
``_safe_exp_log_ratio(log_ratio) = torch.exp(torch.clamp(log_ratio, min=-LOG_RATIO_EXP_BOUND,
max=LOG_RATIO_EXP_BOUND))`` with ``LOG_RATIO_EXP_BOUND = 30.0``; ``compute_importance_weights(
log_ratio, mask, ..., sequence_clip_high)``: ``masked_sum = log_ratio[mask].sum()``;
``sequence_weight = _safe_exp_log_ratio(masked_sum)``; ``sequence_weight =
torch.clamp(sequence_weight, min=sequence_clip_low, max=sequence_clip_high)``; and in
``default_loss_fn``: ``log_importance_ratio = trainer_logprobs - inference_logprobs``. Ported: the
source's per-sequence (1-D) inputs are the rows of the ``(N, L)`` inputs, stacked;
``sequence_clip_low = None``, ``sequence_clip_high = cap``.
"""
SOURCE = "code-search file 27308222053 (prime-rl style compute_importance_weights, sequence_weight)"
KIND = "grpo_lm: weights not detached"
CAUSE = r"detach|no[_ ]grad|gradient|requires_grad|stop[- ]gradient|constant|backprop"

import torch

LOG_RATIO_EXP_BOUND: float = 30.0


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    def _safe_exp_log_ratio(log_ratio):
        return torch.exp(torch.clamp(log_ratio, min=-LOG_RATIO_EXP_BOUND, max=LOG_RATIO_EXP_BOUND))

    weights = []
    for trainer_logprobs, inference_logprobs, row_mask in zip(logp_trainer, logp_rollout, mask):
        log_ratio = trainer_logprobs - inference_logprobs
        masked_sum = log_ratio[row_mask].sum()
        sequence_weight = _safe_exp_log_ratio(masked_sum)
        sequence_weight = torch.clamp(sequence_weight, min=None, max=cap)
        weights.append(sequence_weight)
    return torch.stack(weights)
