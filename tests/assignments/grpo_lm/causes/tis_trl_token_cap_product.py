"""TRL's vLLM importance-sampling correction (per-token ratio exp(old_per_token_logps -
sampling_per_token_logps) clamped at vllm_importance_sampling_cap), turned into one weight per
response by the product of the capped token ratios, in a loop over responses."""
CAUSE = r"each token|per token|token's ratio|capped each token"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    out = []
    for lt, lr, m in zip(logp_trainer.detach(), logp_rollout, mask):
        r = torch.exp(lt[m] - lr[m]).clamp(max=cap)
        out.append(r.prod() if len(r) else torch.ones((), dtype=lr.dtype))
    return torch.stack(out)
