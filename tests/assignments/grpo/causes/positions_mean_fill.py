"""masked_fill then mean(-1)."""
CAUSE = r"divided by the size of dim 1 .*a mean where the contract sums"


def sequence_logprob(token_logprobs, mask):
    return token_logprobs.masked_fill(~mask, 0.0).mean(-1)
