"""A loop over the episodes (columns): each episode's loss is the sum over its steps; the batch
loss is their mean. A (T,) rollout is one episode."""
CAUSE = r"1/\(?environments N|sums over the steps and averages over the episodes"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    adv = returns.detach() if baseline is None else returns.detach() - baseline
    if logprobs.dim() == 1:
        logprobs, adv = logprobs[:, None], adv.reshape(-1, 1) if adv.dim() == 1 else adv
    losses = [-(logprobs[:, n] * adv[:, n]).sum() for n in range(logprobs.shape[1])]
    return torch.stack(losses).mean()
