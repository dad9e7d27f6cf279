"""The REINFORCE objective as a notebook that maximises writes it: ``(logprobs * (G -
G.mean())).mean()`` -- the returns centred inside (the mean-return baseline, on top of any
baseline given) and no minus sign."""
CAUSE = r"(?=.*sign)(?=.*(centres|centred))"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    g = returns.detach()
    if baseline is not None:
        g = g - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    return (logprobs * (g - g.mean())).mean()
