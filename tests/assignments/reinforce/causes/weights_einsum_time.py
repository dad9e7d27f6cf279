"""einsum over the time axis ('t...->...'), then the mean over what is left (the environments;
nothing for a (T,) rollout)."""
CAUSE = r"1/\(?environments N|sums over the steps and averages over the episodes"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    adv = returns.detach() if baseline is None else returns.detach() - baseline
    return -torch.einsum("t...,t...->...", logprobs, adv.to(logprobs.dtype)).mean()
