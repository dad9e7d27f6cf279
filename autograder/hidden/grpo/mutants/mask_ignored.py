"""Sums every position's log-prob, padding included."""
HINT = "you summed the padding positions too: apply the mask before summing"


def sequence_logprob(token_logprobs, mask):
    return token_logprobs.sum(dim=1)
