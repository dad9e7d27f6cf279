"""Wrong answers every adversarial submission starts from (prepended by the test), so that
any point it earns can only come from a successful attack."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    return torch.full_like(rewards, 7.0)


def sequence_logprob(token_logprobs, mask):
    return torch.full_like(token_logprobs[:, 0], 7.0)


def grpo_loss(token_logprobs, mask, advantages):
    return (token_logprobs * 0).sum() + 7.0
