"""reinforce_loss standardises the returns, then sums: -sum(logprob * (G - mean) / std).

Source: public code in the code-search corpus (file id 28234389879, a course REINFORCE
assignment; the same function is in 28682960687; the index does not name the repositories):
``Gs = (Gs - torch.mean(Gs)) / torch.std(Gs); loss = - torch.sum(Gs * log_ps)``. Ported: the
returns come in as an argument; the baseline (absent from the source) is ignored as the
source ignores any.
"""
SOURCE = "code-search file 28234389879 (compute_reinforce_loss)"
KIND = "returns standardised inside the loss"
CAUSE = r"standardi|normali|baseline was not|sum"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    Gs = returns.detach()
    Gs = (Gs - torch.mean(Gs)) / torch.std(Gs)
    loss = - torch.sum(Gs * logprobs)
    return loss
