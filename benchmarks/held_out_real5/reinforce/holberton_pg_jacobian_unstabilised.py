"""softmax_logprob_grad as row ``action`` of the softmax Jacobian divided by the action's
probability (``dsoftmax / p[action]``: algebraically ``onehot - softmax``), with a softmax that
is NOT stabilised (``z -= np.max(z)`` is commented out): large logits overflow ``exp`` to
``inf`` and the gradient becomes nan, and a probability that underflows to 0 divides 0 by 0.

Source: code-search file 1639815358, a policy-gradients exercise: ``def softmax(z): # z -=
np.max(z); sm = (np.exp(z).T / np.sum(np.exp(z).T, axis=0)).T``; ``def softmax_grad(softmax): s
= softmax.reshape(-1, 1); return np.diagflat(s) - np.dot(s, s.T)``; ``policy_gradient``:
``soft_der = softmax_grad(policy(state, weight))[action, :]; dlog = soft_der /
probabilities[0, action]``. Ported: the logits are the source's ``state.dot(weight)`` (one row);
the gradient with respect to the logits is ``dlog`` (the source then multiplies by the state);
numpy in, a tensor of the logits' dtype out.
"""
SOURCE = "code-search file 1639815358 (policy gradients exercise, Jacobian row / p[action])"
KIND = "reinforce: unstabilised softmax"
CAUSE = r"overflow|underflow|stabil|subtract\w* (the )?max|max(imum)? logit|large (logit|value)|\bnan\b|\binf\b|infinit|exp\w* (of )?large|divid\w* by (the )?(action'?s? )?prob|zero prob"

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    def softmax(z):
        # z -= np.max(z)
        sm = (np.exp(z).T / np.sum(np.exp(z).T, axis=0)).T
        return sm

    def softmax_grad(softmax):
        s = softmax.reshape(-1, 1)
        return np.diagflat(s) - np.dot(s, s.T)

    z = logits.detach().numpy()[None, :]
    probabilities = softmax(z)
    soft_der = softmax_grad(probabilities)[action, :]
    dlog = soft_der / probabilities[0, action]
    return torch.from_numpy(np.ascontiguousarray(dlog)).to(logits.dtype)
