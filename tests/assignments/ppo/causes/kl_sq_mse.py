"""F.mse_loss of the log-probs."""
import torch.nn.functional as F
import torch

CAUSE = r"mean squared log-ratio"


def approx_kl(logp_old, logp_new):
    return F.mse_loss(logp_new, logp_old)
