"""softmax_logprob_grad by a school project's policy-gradient task: the row of the softmax
Jacobian for the action divided by the action's probability (right in exact arithmetic), but the
policy is ``np.exp(z) / np.sum(np.exp(z))`` with no max subtracted, so large logits overflow to
``inf`` and the gradient comes out ``nan``.

Source: code-search file 18415502608, ``policy_gradient.py``: ``def policy(matrix, weight): P =
np.exp(matrix @ weight); return P / np.sum(P)``; ``def softmax_gradient(softmax): s =
softmax.reshape(-1, 1); return np.diagflat(s) - s @ s.T``; ``d_P = softmax_gradient(P)[action, :];
d_log = d_P / P[0, action]; grad = state.T @ d_log[None, :]``. Ported: the state is the single
feature 1 (so ``matrix @ weight`` is the logits), the given action replaces the sampled one, the
gradient's one row returned as a tensor of the logits' dtype.
"""
SOURCE = "code-search file 18415502608 (policy_gradient.py, softmax Jacobian row, unshifted exp)"
KIND = "reinforce: softmax overflows (no max shift)"
CAUSE = r"overflow|large|nan|inf|stab|max|shift|exp\b"

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    def policy(matrix, weight):
        P = np.exp(matrix @ weight)
        return P / np.sum(P)

    def softmax_gradient(softmax):
        s = softmax.reshape(-1, 1)
        return np.diagflat(s) - s @ s.T

    state = np.ones((1, 1))
    weight = logits.detach().numpy()[None, :]
    P = policy(state, weight)
    d_P = softmax_gradient(P)[action, :]
    d_log = d_P / P[0, action]
    grad = state.T @ d_log[None, :]
    return torch.as_tensor(grad[0]).to(logits.dtype)
