"""softmax_logprob_grad through the softmax Jacobian, with an unshifted softmax.

Source: public code in the code-search corpus (file id 27313168300, a Holberton-style
``policy_gradient.py``; the same lines are in ids 22423449434, 29312323275 and others; the
index does not name the repositories): ``policy = exp(z) / sum(exp(z))`` (no max shift),
``dsoftmax = (diagflat(s) - s s^T)[action]``, ``dlog = dsoftmax / probs[action]``. Right
for small logits; exp overflows (inf / inf = NaN) for large ones. Ported: numpy -> torch.
"""
SOURCE = "code-search file 27313168300 (policy_gradient with softmax_grad Jacobian)"
KIND = "numerics: softmax overflow"
CAUSE = r"overflow|largest logit|NaN|inf"

import torch


def softmax_logprob_grad(logits, action):
    def softmax_grad(softmax):
        s = softmax.reshape(-1, 1)
        return torch.diagflat(s) - s @ s.T

    exp = torch.exp(logits)
    probs = exp / torch.sum(exp)
    dsoftmax = softmax_grad(probs)[action, :]
    dlog = dsoftmax / probs[action]
    return dlog
