"""reinforce_update whose "other actions" mask compares the preference VALUES with the action's
index (``H[H != action]``), not the indices: which entries are lowered depends on the logits'
values (with logits (0, 0) and action 1 both are, the chosen one included); the softmax is
unshifted (``exp(H) / sum(exp(H))``), NaN for large logits.

Source: code-search file 45365859951 (a gradient-bandit class), ``train``: ``pi =
self.softmax_pi()`` with ``M = np.exp(self.H); return M / np.sum(M)``, ``self.H[self.H != action]
-= self.alpha * (reward - r_t) * pi[self.H != action]``, ``self.H[action] += self.alpha * (reward
- r_t) * (1 - pi[action])``. Ported: ``H`` is a copy of the logits, ``alpha`` is ``lr``, ``reward
- r_t`` is ``ret``.
"""
SOURCE = "code-search file 45365859951 (gradient bandit, H != action mask)"
KIND = "reinforce: wrong entries updated"
CAUSE = (r"mask|index|indices|values? (of|in) the logits|compar|other actions|wrong (entries|actions)|"
         r"chosen action|overflow|\bnan\b|unshifted")

import torch


def reinforce_update(logits, action, ret, lr):
    H = logits.clone()
    M = torch.exp(H)
    pi = M / torch.sum(M)
    H[H != action] -= lr * ret * pi[H != action]
    H[action] += lr * ret * (1 - pi[action])
    return H
