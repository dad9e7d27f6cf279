"""reinforce_update with the two probabilities swapped: the chosen action's preference rises by
``lr * ret * pi(a)`` (the contract's ``1 - pi(a)``) and every other action's falls by
``lr * ret * (1 - pi(b))`` (the contract's ``pi(b)``).

Source: code-search file 27258706713 (a gradient-bandit agent from Sutton & Barto's chapter 2,
"Page 37"), ``GradientBandit.learn``: ``self.H[action] += self.alpha * (reward - avg_ep_reward) *
self.pi[action]``, ``for a in self.env.action_space: if a != action: self.H[a] -= self.alpha *
(reward - avg_ep_reward) * (1 - self.pi[a])``, with ``self.pi = np.exp(self.H - np.max(self.H)) /
np.sum(np.exp(self.H - np.max(self.H)))``. Ported: ``H`` is a copy of the logits, ``alpha`` is
``lr``, ``reward - avg_ep_reward`` is ``ret``; ``pi`` is the softmax of the logits before the step.
"""
SOURCE = "code-search file 27258706713 (GradientBandit.learn, pi and 1 - pi swapped)"
KIND = "reinforce: softmax gradient at the wrong probability"
CAUSE = (r"1 ?- ?p|1 ?- ?pi|swap|wrong probabilit|probabilit\w* (of|for) the (other|chosen|taken)|"
         r"chosen action|other actions|onehot|one.?hot")

import torch


def reinforce_update(logits, action, ret, lr):
    H = logits.clone()
    pi = torch.exp(H - torch.max(H)) / torch.sum(torch.exp(H - torch.max(H)))
    H[action] += lr * ret * pi[action]
    for a in range(H.shape[0]):
        if a != action:
            H[a] -= lr * ret * (1 - pi[a])
    return H
