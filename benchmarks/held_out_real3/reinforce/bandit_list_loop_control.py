"""Control: reinforce_update as a gradient bandit's per-action loop: every other action's
preference falls by ``lr * ret * pi(b)``, the chosen one rises by ``lr * ret * (1 - pi(a))``, with
``pi`` a max-shifted softmax computed in Python floats: the contract's step.

Source: code-search file 57972102218 (a gradient-bandit agent), ``update``: ``for i in
range(self.n): if i != action: self.H[i] -= self.alpha * (reward - curr_baseline) * self.pi[i]
else: self.H[action] += self.alpha * (reward - curr_baseline) * (1 - self.pi[action])``, with
``max_h = max(self.H)``, ``exps = [math.exp(self.H[i] - max_h) for i in range(self.n)]``,
``self.pi = [exps[i] / sum_exps for i in range(self.n)]`` (the policy of the current ``H``).
Ported: ``H`` is a copy of the logits, ``alpha`` is ``lr``, ``reward - curr_baseline`` is ``ret``.
"""
SOURCE = "code-search file 57972102218 (gradient bandit update, per-action loop)"
KIND = "control"
CORRECT = True

import math


def reinforce_update(logits, action, ret, lr):
    H = logits.clone()
    n = H.shape[0]
    max_h = max(float(h) for h in H)
    exps = [math.exp(float(H[i]) - max_h) for i in range(n)]
    sum_exps = sum(exps)
    pi = [exps[i] / sum_exps for i in range(n)]
    for i in range(n):
        if i != action:
            H[i] -= lr * ret * pi[i]
        else:
            H[action] += lr * ret * (1 - pi[action])
    return H
