"""Writes the loss PPO-style with a ratio of the policy to its detached self,
exp(logp - logp.detach()): the gradient is right, but the ratio is 1, so the value is -mean(A)."""
HINT = "your loss value is -mean(A): exp(logp - logp.detach()) is 1, so the log-probs never enter the value; the contract's value is -mean_i(A_i * sequence_logprob_i)"
REAL_BUG = 'PPO-style ratio exp(logp - logp.detach()) in grpo_loss (issue 35)'

import torch


def grpo_loss(token_logprobs, mask, advantages):
    seq = sequence_logprob(token_logprobs, mask)
    return -(advantages.detach() * torch.exp(seq - seq.detach())).mean()
