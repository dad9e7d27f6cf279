"""Sums over the responses instead of averaging."""
HINT = "the loss averages over the N responses: use the mean, not the sum"
REAL_BUG = 'summing instead of averaging (issue 35)'


def grpo_loss(token_logprobs, mask, advantages):
    return -(advantages.detach() * sequence_logprob(token_logprobs, mask)).sum()
