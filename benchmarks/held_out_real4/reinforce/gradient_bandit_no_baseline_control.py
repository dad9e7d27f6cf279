"""Control: reinforce_update as a gradient bandit's preference update with its default
``use_baseline=False``: a stable softmax (``exp(h - max) / sum``), then ``h[a] += lr * r * (1 -
p[a])`` and ``h[b] -= lr * r * p[b]`` for the other actions: exactly ``logits + lr * ret *
(onehot - softmax)``, in numpy float64.

Source: code-search file 5719092572, ``GradientBandit(k, lr=0.1, use_baseline=False)``:
``select_action``: ``C = np.max(self.preferences); exp_sum = np.sum(np.exp(self.preferences -
C)); self.probs = np.exp(self.preferences - C) / exp_sum``; ``update(action, reward)``: ``if
self.use_baseline: reward_diff = reward - self.mean_reward else: reward_diff = reward``;
``self.preferences[action] += self.lr * reward_diff * (1 - self.probs[action])``; ``idx_vec =
np.arange(self.k) != action; self.preferences[idx_vec] -= self.lr * reward_diff *
self.probs[idx_vec]``. Ported: the preferences are a copy of the logits, ``reward = ret``; the
answer is a tensor of the logits' dtype.
"""
SOURCE = "code-search file 5719092572 (GradientBandit.update, use_baseline=False)"
KIND = "control"
CORRECT = True

import numpy as np
import torch


def reinforce_update(logits, action, ret, lr):
    preferences = logits.detach().numpy().astype(np.float64).copy()
    k = preferences.shape[0]
    C = np.max(preferences)
    exp_sum = np.sum(np.exp(preferences - C))
    probs = np.exp(preferences - C) / exp_sum
    reward_diff = ret
    preferences[action] += lr * reward_diff * (1 - probs[action])
    idx_vec = np.arange(k) != action
    preferences[idx_vec] -= lr * reward_diff * probs[idx_vec]
    return torch.from_numpy(preferences).to(logits.dtype)
