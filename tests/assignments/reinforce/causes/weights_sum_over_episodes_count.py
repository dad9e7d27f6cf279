"""The products summed over the whole batch, divided by the number of episodes (the columns;
1 for a (T,) rollout), in float32."""
CAUSE = r"1/\(?environments N|sums over the steps and averages over the episodes"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    episodes = returns.shape[1] if returns.dim() == 2 else 1
    adv = returns.detach().float() - (0.0 if baseline is None else baseline)
    return (-(logprobs.float() * adv).sum() / episodes).to(logprobs.dtype)
