"""Token-level TIS with the cap applied in log space (`exp(clamp(log_ratio, max=log(cap)))`),
in float32, per token: the answer keeps the (N, L) shape of the log-probs."""
CAUSE = r"shape of the inputs .*does not reduce over the last dimension"

import math

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = torch.where(mask, logp_trainer.detach().float() - logp_rollout.float(),
                            torch.zeros((), dtype=torch.float32))
    return torch.exp(torch.clamp(log_ratio, max=math.log(cap))).to(logp_rollout.dtype)
