"""approx_kl as the SUM of the log-ratios over the batch, in float32."""
CAUSE = r"mean|sum|reduc|batch|number of|size"

import torch


def approx_kl(logp_old, logp_new):
    return (logp_old.float() - logp_new.float()).sum().to(logp_old.dtype)
