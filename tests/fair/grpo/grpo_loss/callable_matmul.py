"""A callable loss object; the weighted sum as a matrix-vector product."""
import torch


class GRPOLoss:
    def __call__(self, token_logprobs, mask, advantages):
        seq = token_logprobs.masked_fill(~mask, 0).sum(dim=1)
        return -(seq @ advantages.detach()) / len(seq)


grpo_loss = GRPOLoss()
