"""A correct softmax_logprob_grad from a school project's policy-gradient task: a max-shifted
softmax policy and a double loop writing ``state * (1 - p_j)`` for the chosen action and ``-state *
p_j`` for the others, which for the single feature 1 is ``onehot(action) - softmax(logits)``.

Source: MarianneHolbie/holbertonschool-machine_learning
reinforcement_learning/policy_gradients/policy_gradient.py, ``z = matrix @ weight; exp_z =
np.exp(z - np.max(z, axis=1, keepdims=True)); softmax = exp_z / np.sum(exp_z, axis=1,
keepdims=True)``; ``for i in range(state.shape[1]): for j in range(weight.shape[1]): if j ==
action: grad[i, j] = state[0, i] * (1 - probs[0, j]) else: grad[i, j] = -state[0, i] * probs[0,
j]``. Ported: the state is the single feature 1, the given action replaces the sampled one, the
one row of the gradient returned in the logits' dtype.
"""
SOURCE = "MarianneHolbie/holbertonschool-machine_learning reinforcement_learning/policy_gradients/policy_gradient.py"
KIND = "reinforce: control (Jacobian loop, max-shifted softmax)"
CORRECT = True

import numpy as np
import torch


def softmax_logprob_grad(logits, action):
    def policy(matrix, weight):
        z = matrix @ weight
        exp_z = np.exp(z - np.max(z, axis=1, keepdims=True))
        return exp_z / np.sum(exp_z, axis=1, keepdims=True)

    state = np.ones((1, 1))
    weight = logits.detach().numpy()[None, :]
    probs = policy(state, weight)
    grad = np.zeros_like(weight)
    for i in range(state.shape[1]):
        for j in range(weight.shape[1]):
            if j == action:
                grad[i, j] = state[0, i] * (1 - probs[0, j])
            else:
                grad[i, j] = -state[0, i] * probs[0, j]
    return torch.as_tensor(grad[0]).to(logits.dtype)
