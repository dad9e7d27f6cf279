"""reinforce_update as a gradient bandit whose preferences live in a float32 array
(``np.array(..., dtype=np.float32)``) and whose probabilities are an unstabilised softmax
(``exp(values) / sum(exp(values))``): float64 logits are rounded to float32, and large logits
overflow to ``nan``.

Source: code-search file 43539346755, a gradient bandit's ``reset``: ``self.values =
np.array([self.base_value] * self.actions, dtype=np.float32)``; ``self.avg_reward = 0``;
``update(action, reward)``: ``self.values[action] += self.alpha * (reward - self.avg_reward) * (1 -
self.probs[action])``; ``indices = np.array([i for i in np.arange(self.actions) if i !=
action])``; ``self.values[indices] -= self.alpha * (reward - self.avg_reward) *
self.probs[indices]``; ``update_probs``: ``self.probs = np.exp(self.values) /
np.sum(np.exp(self.values))``. Ported: one update of a fresh agent (``avg_reward = 0``) whose
float32 values are the logits; ``alpha = lr``, ``reward = ret``; the answer is a tensor of the
logits' dtype.
"""
SOURCE = "code-search file 43539346755 (gradient bandit update, float32 values)"
KIND = "reinforce: float32 preferences, unstabilised softmax"
CAUSE = (r"float32|single precision|precision|rounded (to|in) float32|float32 rounding|dtype|overflow|large logits?|"
         r"max(imum)? (logit )?subtract|subtract\w* the max|stabl|nan")

import numpy as np
import torch


def reinforce_update(logits, action, ret, lr):
    actions = logits.shape[0]
    alpha = lr
    values = np.array(logits.detach().tolist(), dtype=np.float32)
    avg_reward = 0
    probs = np.exp(values) / np.sum(np.exp(values))

    reward = ret
    values[action] += alpha * (reward - avg_reward) * (1 - probs[action])
    indices = np.array([i for i in np.arange(actions) if i != action])
    values[indices] -= alpha * (reward - avg_reward) * probs[indices]
    return torch.from_numpy(values).to(logits.dtype)
