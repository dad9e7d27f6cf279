"""Control: softmax_logprob_grad as a race-car agent writes its log-policy gradient: a stabilised
softmax (``exp(z - max(z)) / sum``), then ``probs[action] -= 1`` and ``probs = -probs``: exactly
``onehot(action) - softmax(logits)``, in numpy.

Source: code-search file 168093325, ``policy(state, w)``: ``z = state.dot(w); exp = np.exp(z -
np.max(z)); return exp/np.sum(exp)``; ``softmax_grad(probs, action, state, model, lam)``: ``probs
= probs.reshape(1,-1); probs[0,action] -= 1; probs = - probs; return state.reshape(-1,1) @ probs
- lam * model``. Ported: ``z`` is the logits, so the state factor is the identity and there is no
weight decay (``lam = 0``); numpy on ``logits.detach().numpy()``, the answer a tensor of the
logits' dtype.
"""
SOURCE = "code-search file 168093325 (race agent softmax_grad, probs[action] -= 1, negated)"
KIND = "control"
CORRECT = True

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    z = logits.detach().numpy()
    exp = np.exp(z - np.max(z))
    probs = exp / np.sum(exp)
    probs = probs.reshape(1, -1)
    probs[0, action] -= 1
    probs = - probs
    return torch.from_numpy(np.ascontiguousarray(probs[0])).to(logits.dtype)
