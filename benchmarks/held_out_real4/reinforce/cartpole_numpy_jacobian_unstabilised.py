"""softmax_logprob_grad as the row of the softmax Jacobian divided by the action's probability
(``dsoftmax = (diag(s) - s s^T)[action]``, ``dlog = dsoftmax / probs[action]``), with a softmax
that does not subtract the largest logit (``exp(z) / sum(exp(z))``): mathematically ``onehot -
softmax``, but large logits overflow to ``inf / inf = nan``, and an action of probability 0
divides 0 by 0.

Source: code-search file 32424672520, a numpy CartPole REINFORCE script: ``def policy(state, w):
z = state.dot(w); exp = np.exp(z); return exp / np.sum(exp)``; ``def softmax_grad(softmax): s =
softmax.reshape(-1, 1); return np.diagflat(s) - np.dot(s, s.T)``; ``dsoftmax =
softmax_grad(probs)[action, :]``; ``dlog = dsoftmax / probs[0, action]``. Ported: ``z`` is the
logits (no state features); numpy on ``logits.detach().numpy()``, the answer returned as a tensor
of the logits' dtype.
"""
SOURCE = "code-search file 32424672520 (numpy CartPole REINFORCE, Jacobian row over p)"
KIND = "reinforce: unstabilised softmax (overflow), divided by p"
CAUSE = (r"overflow|large logits?|max(imum)? (logit )?subtract|subtract\w* the max|stabl|inf\b|nan|"
         r"divid\w* by (the )?(p|prob)|0 ?/ ?0|underflow|exp\(")

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    def softmax_grad(softmax):
        s = softmax.reshape(-1, 1)
        return np.diagflat(s) - np.dot(s, s.T)

    z = logits.detach().numpy()[None, :]
    exp = np.exp(z)
    probs = exp / np.sum(exp)
    dsoftmax = softmax_grad(probs)[action, :]
    dlog = dsoftmax / probs[0, action]
    return torch.from_numpy(np.ascontiguousarray(dlog)).to(logits.dtype)
