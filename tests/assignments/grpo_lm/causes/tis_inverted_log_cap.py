"""The ratio the wrong way round (rollout over trainer, the engine's log-probs as the
numerator, as in code that reads "behaviour over target"), capped in log space
(min(log_w, log(cap))), summed in float32."""
CAUSE = r"upside down|other direction|inverted|the wrong way|numerator|reversed"

import math

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    d = (logp_rollout.float() - logp_trainer.detach().float()).masked_fill(~mask, 0.0)
    log_w = torch.minimum(d.sum(1), torch.tensor(math.log(cap)))
    return torch.exp(log_w).to(logp_rollout.dtype)
