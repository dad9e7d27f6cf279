"""The softmax gradient with the log-probabilities where the probabilities belong, returned as
a Python list."""
CAUSE = r"(?=.*log-probabilities)(?=.*Python list)"

import torch


def softmax_logprob_grad(logits, action):
    logp = torch.log_softmax(logits, dim=-1)
    g = [-float(x) for x in logp]
    g[action] += 1.0
    return g
