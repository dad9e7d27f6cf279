"""Control: softmax_logprob_grad as a race-policy module computes it: a max-subtracted softmax,
then ``probs[action] -= 1`` and the result negated, i.e. ``-(softmax - onehot) = onehot -
softmax``: exactly the contract's gradient of ``log softmax(logits)[action]``.

Source: code-search file 300611107, a numpy race-policy module: ``def policy(state, w): z =
state.dot(w); exp = np.exp(z - np.max(z)); return (exp/np.sum(exp))``; ``def softmax_grad(probs,
action, state): probs = probs.reshape(1,-1); probs[0,action] -= 1; probs = - probs; return
state.reshape(-1,1) @ probs``. Ported: the logits are the source's ``z`` (a state of one feature
equal to 1, so ``state @ probs`` is the gradient with respect to the logits themselves); numpy
in, a ``(K,)`` tensor of the logits' dtype out.
"""
SOURCE = "code-search file 300611107 (race-policy module softmax_grad, probs[action] -= 1, negated)"
KIND = "control"
CORRECT = True

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    z = logits.detach().numpy()
    exp = np.exp(z - np.max(z))
    probs = (exp/np.sum(exp))
    state = np.ones(1, dtype=z.dtype)
    probs = probs.reshape(1,-1)
    probs[0,action] -= 1
    probs = - probs
    grad = state.reshape(-1,1) @ probs
    return torch.from_numpy(grad[0]).to(logits.dtype)
