"""Control: reinforce_update as the textbook gradient-bandit preference loop, ``H[a] += alpha *
(R - baseline) * (1 - pi[a])`` for the taken action and ``H[a] -= alpha * (R - baseline) *
pi[a]`` for the others, with a max-subtracted softmax: exactly ``logits + lr * ret * (onehot -
softmax(logits))``.

Source: code-search file 56465973096, a k-armed bandit script: ``calculate_action_probabilities``
("subtract max for numerical stability"), ``def update_preference(H, action_taken, R, baseline,
pi, alpha): pi = calculate_action_probabilities(H); for a in range(len(H)): if a == action_taken:
H[a] += alpha * (R - baseline) * (1 - pi[a]) else: H[a] -= alpha * (R - baseline) * pi[a];
return H``. Ported: ``H`` is a numpy copy of the logits (the source updates its own array in
place), ``baseline = 0`` (the contract's update has none), ``alpha = lr``, ``R = ret``; a tensor
of the logits' dtype out.
"""
SOURCE = "code-search file 56465973096 (k-armed bandit update_preference)"
KIND = "control"
CORRECT = True

import numpy as np
import torch


def reinforce_update(logits, action, ret, lr):
    def calculate_action_probabilities(H):
        exp_H = np.exp(H - np.max(H))
        return exp_H / np.sum(exp_H)

    def update_preference(H, action_taken, R, baseline, pi, alpha):
        pi = calculate_action_probabilities(H)
        for a in range(len(H)):
            if a == action_taken:
                H[a] += alpha * (R - baseline) * (1 - pi[a])
            else:
                H[a] -= alpha * (R - baseline) * pi[a]
        return H

    H = np.array(logits.detach().numpy(), copy=True)
    H = update_preference(H, action, ret, 0.0, None, lr)
    return torch.from_numpy(H).to(logits.dtype)
