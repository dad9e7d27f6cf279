"""reinforce_update as a gradient-bandit exercise's solution performs one update: the running
average reward (the baseline) is updated with the current reward BEFORE the preferences move, so
on a fresh bandit the baseline equals the reward, ``reward - avg_reward`` is 0 and the logits do
not change at all; in general the step is scaled by ``ret - baseline`` rather than by ``ret``.

Source: Open-Deep-ML/DML-OpenProblem questions/163_gradient-bandit-action-selection/solution.py,
``def update(self, action, reward): self.time += 1; self.avg_reward += (reward - self.avg_reward)
/ self.time; probs = self.softmax(); for a in range(self.num_actions): if a == action:
self.preferences[a] += self.alpha * (reward - self.avg_reward) * (1 - probs[a]) else:
self.preferences[a] -= self.alpha * (reward - self.avg_reward) * probs[a]``. Ported: one update of
a fresh ``GradientBandit`` whose preferences are the logits, ``alpha = lr``, ``reward = ret``; the
new preferences returned as a tensor of the logits' dtype.
"""
SOURCE = "Open-Deep-ML/DML-OpenProblem questions/163_gradient-bandit-action-selection/solution.py"
KIND = "reinforce: baseline absorbs the return"
CAUSE = r"baseline|average|unchanged|no (update|change|step)|zero|return|ret\b"

import numpy as np
import torch


def reinforce_update(logits, action, ret, lr):
    class GradientBandit:
        def __init__(self, num_actions, alpha=0.1):
            self.num_actions = num_actions
            self.alpha = alpha
            self.preferences = np.zeros(num_actions)
            self.avg_reward = 0.0
            self.time = 0

        def softmax(self):
            exp_prefs = np.exp(self.preferences - np.max(self.preferences))
            return exp_prefs / np.sum(exp_prefs)

        def update(self, action, reward):
            self.time += 1
            self.avg_reward += (reward - self.avg_reward) / self.time
            probs = self.softmax()
            for a in range(self.num_actions):
                if a == action:
                    self.preferences[a] += self.alpha * (reward - self.avg_reward) * (1 - probs[a])
                else:
                    self.preferences[a] -= self.alpha * (reward - self.avg_reward) * probs[a]

    bandit = GradientBandit(len(logits), alpha=lr)
    bandit.preferences = logits.detach().numpy().astype(np.float64).copy()
    bandit.update(action, ret)
    return torch.as_tensor(bandit.preferences).to(logits.dtype)
