"""tis_weights as SkyRL's sequence-level TIS: the token log-ratios multiplied by the loss mask and
summed, exponentiated after clamping the log to [-20, 20], capped and detached. Right for finite
padding, NaN where padding holds -inf ((-inf) - (-inf), or (-inf) * 0), and never below
exp(-20).

Source: public code in the code-search corpus (file id 54840085059, SkyRL's off-policy
correction, ``compute_tis_ratio`` with ``tis_ratio_type == "sequence"``): ``token_tis_log_ratio
= old_log_probs - rollout_logprobs``, ``seq_tis_log_ratio = (token_tis_log_ratio *
loss_mask).sum(dim=-1, keepdim=True)``, ``seq_tis_ratio = safe_exp_delta(seq_tis_log_ratio,
clip=20.0, ...)``, ``return torch.clamp(seq_tis_ratio, max=seq_tis_ratio_cap).detach()``.
Ported: ``safe_exp_delta`` as exp of the log clamped to [-clip, clip]; the (N, 1) column
squeezed to (N,).
"""
SOURCE = "code-search file 54840085059 (SkyRL compute_tis_ratio, sequence)"
KIND = "tis: mask product"
CAUSE = (r"-inf|\bnan\b|\binf\b|multipl\w*.{0,40}mask|mask.{0,40}multipl|padding.{0,40}"
         r"(value|hold)|\b20\b|exp\(-20\)|clamp\w*.{0,30}log")

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    def safe_exp_delta(delta, clip):
        return torch.exp(torch.clamp(delta, min=-clip, max=clip))

    token_tis_log_ratio = logp_trainer - logp_rollout
    seq_tis_log_ratio = (token_tis_log_ratio * mask).sum(dim=-1, keepdim=True)
    seq_tis_ratio = safe_exp_delta(seq_tis_log_ratio, clip=20.0)
    return torch.clamp(seq_tis_ratio, max=cap).detach().squeeze(-1)
