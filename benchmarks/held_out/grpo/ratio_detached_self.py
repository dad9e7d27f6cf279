"""grpo_loss written with a PPO-style ratio to its own detached copy: the ratio is 1."""
CAUSE = r"mean\(A\)|detach|ratio"

import torch


def grpo_loss(token_logprobs, mask, advantages):
    lp = torch.where(mask, token_logprobs, torch.zeros_like(token_logprobs)).sum(1)
    ratio = (lp - lp.detach()).exp()
    return (-(ratio * advantages.detach())).mean()
