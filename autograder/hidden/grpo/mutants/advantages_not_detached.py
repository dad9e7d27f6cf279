"""Lets the gradient flow into the advantages."""
HINT = "a gradient reached the advantages: they are constants in the loss, detach them"


def grpo_loss(token_logprobs, mask, advantages):
    return -(advantages * sequence_logprob(token_logprobs, mask)).mean()
