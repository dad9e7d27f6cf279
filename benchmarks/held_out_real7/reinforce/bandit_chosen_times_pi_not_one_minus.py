"""reinforce_update as a course bandit notebook's gradient-bandit agent writes it: the other actions
move by ``-alpha * R * pi(b)`` as they should, but the CHOSEN action moves by ``+alpha * R *
pi(a)`` instead of ``+alpha * R * (1 - pi(a))``: the one-hot term is lost and the chosen entry's
sign of ``pi`` is flipped.

Source: code-search file 28190175219, ``for x in range(self.n_arms): if x != action: self.H[x]
-= alpha* (reward - self.R)*self.pi[x] else: self.H[action] += alpha* (reward -
self.R)*self.pi[action]``. Ported: ``reward - self.R`` is ``ret`` (the contract's update has no
baseline), ``alpha`` is ``lr``, ``self.pi`` the softmax of the logits; a copy is updated.
"""
SOURCE = "code-search file 28190175219"
KIND = "reinforce: chosen action's step uses pi(a) instead of 1 - pi(a)"
CAUSE = r"1 ?- ?(pi|p|softmax|prob)|one-?hot|chosen action|taken action|selected action|indicator"

import torch


def reinforce_update(logits, action, ret, lr):
    H = logits.clone()
    pi = torch.softmax(logits, dim=0)
    for x in range(H.shape[0]):
        if x != action:
            H[x] -= lr * ret * pi[x]
        else:
            H[action] += lr * ret * pi[action]
    return H
