"""A control: reinforce_update as a gym-bandit agent writes the gradient bandit step: subtract
``alpha * (R - avg) * pi`` from every preference, then add ``alpha * (R - avg)`` to the chosen
one; its running average is reset to 0 on every update, so the step is exactly ``lr * ret *
(onehot - softmax)``.

Source: code-search file 37628292, ``def update(self, action, reward): self.t += 1;
self.reward_avg = 0; probs = softmax(self.H); self.H -= self.alpha * (reward - self.reward_avg) *
probs; self.H[action] += self.alpha * (reward - self.reward_avg)``. Ported: ``H`` is a copy of the
logits, ``alpha`` is ``lr``, ``reward`` is ``ret``; softmax is torch's.
"""
SOURCE = "code-search file 37628292"
KIND = "control: gradient bandit subtract-all-then-add-chosen"
CORRECT = True

import torch


def reinforce_update(logits, action, ret, lr):
    H = logits.clone()
    reward_avg = 0
    probs = torch.softmax(H, dim=0)
    H -= lr * (ret - reward_avg) * probs
    H[action] += lr * (ret - reward_avg)
    return H
