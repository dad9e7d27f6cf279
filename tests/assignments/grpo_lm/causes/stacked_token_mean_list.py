"""Weights from the mean token log-ratio, returned as a Python list."""
CAUSE = r"(?=.*averaged the token log-ratios|.*geometric mean)(?=.*Python list)"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    out = []
    for i in range(mask.shape[0]):
        d = (logp_trainer[i].detach() - logp_rollout[i])[mask[i]]
        m = float(d.mean()) if d.numel() else 0.0
        out.append(min(torch.exp(torch.tensor(m)).item(), cap))
    return out
