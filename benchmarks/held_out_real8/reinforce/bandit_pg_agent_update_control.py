"""A control: reinforce_update from a multi-armed bandit ``PolicyGradientAgent``: the score of the
softmax is built in place as ``-probs`` with ``+1`` at the pulled arm, and the preferences move by
``alpha * reward * grad_log_pi`` (no baseline), which is the contract's step.

Source: code-search file 35045846590, ``def update(self, arm, reward): probs = self.softmax();
grad_log_pi = -probs; grad_log_pi[arm] += 1; self.preferences += self.alpha * reward *
grad_log_pi`` with ``softmax`` = ``exp(h - max h) / sum``. Ported: ``preferences`` are the
``logits`` (a new tensor is returned, the input is not changed), ``arm`` the ``action``, ``reward``
the return ``ret``, ``alpha`` the ``lr``.
"""
SOURCE = "code-search file 35045846590"
KIND = "control: bandit preference update"
CORRECT = True

import torch


def reinforce_update(logits, action, ret, lr):
    exp_prefs = torch.exp(logits - torch.max(logits))
    probs = exp_prefs / torch.sum(exp_prefs)
    grad_log_pi = -probs
    grad_log_pi[action] += 1
    return logits + lr * ret * grad_log_pi
