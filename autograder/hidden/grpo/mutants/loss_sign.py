"""Returns +mean(A * log p): the loss to maximise, not to minimise."""
HINT = "the sign is flipped: the loss to minimise is MINUS the mean of advantage times log-probability"


def grpo_loss(token_logprobs, mask, advantages):
    return (advantages.detach() * sequence_logprob(token_logprobs, mask)).mean()
