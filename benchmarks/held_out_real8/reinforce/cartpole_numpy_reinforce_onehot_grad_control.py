"""A control: softmax_logprob_grad from a NumPy CartPole REINFORCE script that replaced the
softmax-Jacobian gradient (kept under ``if False:``) with the direct form: for each action j,
``state * (1[j == action] - probs[j])``; the policy is ``exp(z) / sum(exp(z))``.

Source: code-search file 3299086812, ``def policy(state,w): z = state.dot(w); exp = np.exp(z);
return exp/np.sum(exp)``; ``grad = np.array([state[0] * ((1.0 if j == action else 0.0) -
probs[0][j]) for j in range(nA)]).T``. Ported: the logits stand for ``state.dot(w)`` with the
state the identity, so the gradient is ``1[j == action] - probs[j]`` stacked into a tensor of the
logits' dtype.
"""
SOURCE = "code-search file 3299086812"
KIND = "control: one-hot minus softmax, no max shift"
CORRECT = True

import torch


def softmax_logprob_grad(logits, action):
    exp = torch.exp(logits)
    probs = exp / torch.sum(exp)
    nA = logits.shape[0]
    return torch.stack([(1.0 if j == action else 0.0) - probs[j] for j in range(nA)]).to(logits.dtype)
