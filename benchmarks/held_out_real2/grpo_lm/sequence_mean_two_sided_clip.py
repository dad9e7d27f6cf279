"""tis_weights from per-response MEAN log-probs (the geometric mean of the token ratios, not the
product), clamped on both sides to [0.1, cap], and not detached: a gradient flows through the
weight into ``logp_trainer``.

Source: public code in the code-search corpus (file id 16141386090, a GRPO toolkit whose loss
functions take "per-sample scalars (sequence-mean logprobs)"; the index does not name the
repository), ``compute_tis_weights(log_probs_train, log_probs_rollout, *, clip_low=0.1,
clip_high=2.0)``: ``is_ratio = torch.exp(log_probs_train - log_probs_rollout)``, ``tis_weights =
is_ratio.clamp(min=clip_low, max=clip_high)``. Ported: the sequence means over real tokens (as
its callers pass them) computed here, clip_high = cap.
"""
SOURCE = "code-search file 16141386090 (compute_tis_weights on sequence-mean log-probs)"
KIND = "tis: geometric mean + two-sided clip"
CAUSE = (r"mean|averag|geometric|per.token|length|0\.1|lower (bound|clip|cap)|both sides|"
         r"two.sided|below|detach|gradient")

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    def sequence_mean(logp):
        total = torch.where(mask, logp, torch.zeros_like(logp)).sum(dim=-1)
        return total / mask.sum(dim=-1).clamp(min=1)

    log_probs_train = sequence_mean(logp_trainer)
    log_probs_rollout = sequence_mean(logp_rollout)
    is_ratio = torch.exp(log_probs_train - log_probs_rollout)
    tis_weights = is_ratio.clamp(min=0.1, max=cap)
    return tis_weights
