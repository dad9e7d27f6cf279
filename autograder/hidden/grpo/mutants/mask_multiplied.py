"""Multiplies the log-probs by the mask: right for finite padding, NaN where padding holds -inf
(-inf * 0 is NaN)."""
HINT = ("padding may hold -inf (what masked logits give), and -inf * 0 is NaN: pick the real "
        "tokens (torch.where or masked_fill) instead of multiplying by the mask")


def sequence_logprob(token_logprobs, mask):
    return (token_logprobs * mask).sum(dim=1)
