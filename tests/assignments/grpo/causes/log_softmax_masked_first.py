"""Padding set to -inf, then log_softmax over the positions (treating the log-probs as logits)."""
CAUSE = r"applies log_softmax over the L positions"

import torch


def sequence_logprob(token_logprobs, mask):
    logits = token_logprobs.masked_fill(~mask, float("-inf"))
    logp = logits.log_softmax(dim=1)
    return logp.masked_fill(~mask, 0.0).sum(dim=1)
