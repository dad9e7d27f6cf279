"""verl's geometric-mean level (rollout_is_level="geometric": exp of the masked mean of the
token log-ratios), with verl's safety bound (the log-ratio clamped to [-20, 20] before exp),
then truncated at the cap."""
CAUSE = r"mean|geometric|each response is|average"

import torch

SAFETY_BOUND = 20.0


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = (logp_trainer - logp_rollout).detach()
    log_ratio = log_ratio.masked_fill(~mask, 0.0)
    mean = log_ratio.sum(-1) / mask.sum(-1).clamp(min=1)
    mean = torch.clamp(mean, min=-20.0, max=20.0)
    return torch.exp(mean).clamp(max=cap)
