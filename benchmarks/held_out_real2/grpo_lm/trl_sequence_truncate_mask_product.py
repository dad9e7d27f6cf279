"""tis_weights as TRL's vLLM importance-sampling correction in ``sequence_truncate`` mode: the
per-token log-ratio multiplied by the mask, summed per response, exponentiated and capped. Right
for finite padding; NaN where padding holds -inf ((-inf) - (-inf), or (-inf) * 0).

Source: https://github.com/huggingface/trl/issues/5814 (trl/trainer/grpo_trainer.py, the lines
the issue quotes): ``per_token_logps_diff = (old_per_token_logps - sampling_per_token_logps) *
mask``, ``per_sequence_logps_diff = per_token_logps_diff.sum(dim=-1, keepdim=True)``,
``vllm_importance_sampling_ratio = torch.exp(logps_diff)``, ``torch.clamp(..., max=
self.vllm_importance_sampling_cap)``. Ported: computed under ``no_grad`` in TRL, so detached
here; the (N, 1) column squeezed to (N,).
"""
SOURCE = "https://github.com/huggingface/trl/issues/5814"
KIND = "tis: mask product"
CAUSE = r"-inf|\bnan\b|\binf\b|multipl\w*.{0,40}mask|mask.{0,40}multipl|padding.{0,40}(value|hold)"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    with torch.no_grad():
        per_token_logps_diff = (logp_trainer - logp_rollout) * mask
        per_sequence_logps_diff = per_token_logps_diff.sum(dim=-1, keepdim=True)
        ratio = torch.exp(per_sequence_logps_diff)
        ratio = torch.clamp(ratio, max=cap)
    return ratio.squeeze(-1)
