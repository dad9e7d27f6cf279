"""Control: softmax_logprob_grad written entry by entry from a max-shifted softmax: every entry
-p_k, then the action's entry replaced by 1 - p_a. Equal to onehot(action) - softmax(logits).

Source: UmbraServus/atlas-machine_learning,
reinforcement_learning/policy_gradients/policy_gradient.py (``policy`` and ``policy_gradient``):
``action_logits -= np.max(action_logits)``, ``probs = exp_logits / np.sum(exp_logits)``, ``grad
= -probs[:, None] * x[None, :]``, ``grad[action] = (1 - probs[action]) * x``. Ported: numpy ->
torch, the logits for ``x.dot(weight)`` (the feature factor of the chain rule dropped); the
action is the argument, not the source's argmax.
"""
SOURCE = "UmbraServus/atlas-machine_learning reinforcement_learning/policy_gradients/policy_gradient.py"
KIND = "control"
CORRECT = True

import torch


def softmax_logprob_grad(logits, action):
    action_logits = logits - torch.max(logits)
    exp_logits = torch.exp(action_logits)
    probs = exp_logits / torch.sum(exp_logits)
    grad = -probs
    grad[action] = 1 - probs[action]
    return grad
