"""Standardises the advantages inside the loss (pytorch/examples' REINFORCE), eps 1e-9."""
CAUSE = r"standardis"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    adv = returns.detach()
    if baseline is not None:
        adv = adv - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    adv = (adv - adv.mean()) / (adv.std() + 1e-9)
    return -(logprobs * adv).mean()
