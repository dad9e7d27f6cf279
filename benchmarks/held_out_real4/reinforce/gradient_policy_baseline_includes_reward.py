"""reinforce_update as a gradient bandit with its default ``baseline=True``, whose baseline is the
average reward INCLUDING the reward just received (``total_reward += reward`` before ``baseline
= total_reward / total_steps``): on a fresh agent the baseline equals the return, so the step is
``lr * (ret - ret) * ...``, zero: the logits come back unchanged.

Source: code-search file 25788525577, ``GradientPolicy(alpha=0.1, k=10, baseline=True)``:
``update(action, reward)``: ``self.total_steps += 1; self.total_reward += reward; baseline =
self.total_reward / self.total_steps if self.baseline else 0``; ``self.preferences[action] +=
self.alpha * ((reward - baseline) * (1 - self.probs[action]))``; ``for a in range(self.k): if a !=
action: self.preferences[a] -= self.alpha * ((reward - baseline) * self.probs[a])``, with
``self.probs = softmax(self.preferences)`` (``exp(x - max) / sum``). Ported: one update of a
fresh agent (``total_reward = 0``, ``total_steps = 0``) whose preferences are the logits; ``alpha =
lr``, ``reward = ret``; the answer is a tensor of the logits' dtype.
"""
SOURCE = "code-search file 25788525577 (GradientPolicy.update, baseline with the current reward)"
KIND = "reinforce: baseline equals the return (no step)"
CAUSE = (r"baseline|average reward|mean reward|running (mean|average)|no (step|update|change)|unchanged|"
         r"zero (step|update|gradient)|did not (move|change)|ret ?- ?ret|subtract")

import numpy as np
import torch


def reinforce_update(logits, action, ret, lr):
    def softmax(x):
        num = np.exp(x - np.max(x))
        return num / np.sum(num)

    preferences = logits.detach().numpy().astype(np.float64).tolist()
    k = len(preferences)
    alpha = lr
    probs = softmax(preferences)
    total_reward, total_steps = 0.0, 0

    reward = ret
    total_steps += 1
    total_reward += reward
    baseline = total_reward / total_steps

    preferences[action] += alpha * ((reward - baseline) * (1 - probs[action]))
    for a in range(k):
        if a != action:
            preferences[a] -= alpha * ((reward - baseline) * probs[a])
    return torch.tensor(preferences, dtype=logits.dtype)
