"""Asserts from the docstring; a keyword-only token-mean switch of the student's own (off); a print."""
import torch


def grpo_loss(token_logprobs, mask, advantages, *, token_mean=False):
    N, L = token_logprobs.shape
    assert mask.shape == (N, L) and advantages.shape == (N,)
    seq = torch.where(mask, token_logprobs, 0.0).sum(-1)
    if token_mean:
        seq = seq / mask.sum(-1).clamp(min=1)
    loss = -(advantages.detach() * seq).mean()
    print(f"grpo loss {loss.item():.4f} over {N} responses")
    return loss
