"""A control: reinforce_update from a lesson on baselines (a three-armed bandit with an EMA
baseline): ``advantage = reward - baseline``, the score ``-probs`` with ``+1`` at the chosen arm,
``theta += alpha * advantage * grad_log_pi``; the softmax subtracts the maximum first.

Source: code-search file 59838044935, ``def softmax(x): e = np.exp(x - x.max()); return e / e.sum()``;
``probs = softmax(theta); ... advantage = reward - baseline; grad_log_pi = -probs.copy();
grad_log_pi[a] += 1.0; theta += alpha * advantage * grad_log_pi``. Ported: one step from a
baseline of 0 (its starting value), so the advantage is the return ``ret``; ``theta`` is the
``logits`` (a new tensor is returned), ``alpha`` is ``lr``, ``a`` is ``action``.
"""
SOURCE = "code-search file 59838044935"
KIND = "control: bandit update with a baseline of 0"
CORRECT = True

import torch


def reinforce_update(logits, action, ret, lr):
    def softmax(x):
        e = torch.exp(x - x.max())
        return e / e.sum()

    baseline = 0.0
    probs = softmax(logits)
    advantage = ret - baseline
    grad_log_pi = -probs.clone()
    grad_log_pi[action] += 1.0
    return logits + lr * advantage * grad_log_pi
