"""reinforce_update that lowers every other action's preference by the CHOSEN action's
probability, ``lr * ret * pi(a)``, instead of each one's own ``pi(b)``; the chosen action rises by
``lr * ret * (1 - pi(a))`` as it should. The probability is an unshifted softmax
(``exp(H[a]) / sum(exp(H))``), which overflows to NaN for large logits.

Source: code-search file 9247771484 (a k-armed-bandit study), ``SoftmaxDistribution.update``:
``prob = np.exp(self.H[action]) / sum(self._powers())`` with ``_powers = list(map(np.exp,
self.H))``, ``mask = np.array([a != action for a in range(len(self.H))])``, ``self.H -= mask *
self.alpha * (reward - self.avg_reward) * prob``, ``self.H[action] += self.alpha * (reward -
self.avg_reward) * (1 - prob)``. Ported: ``H`` is a copy of the logits, ``alpha`` is ``lr``,
``reward - avg_reward`` is ``ret``.
"""
SOURCE = "code-search file 9247771484 (SoftmaxDistribution.update, one prob for all actions)"
KIND = "reinforce: softmax gradient at the wrong probability"
CAUSE = (r"wrong probabilit|probabilit\w* of the (chosen|taken|selected) action|same probabilit|"
         r"their own|each (other )?action's (own )?probabilit|other actions|pi\(a\)|p_a|overflow|\bnan\b|unshifted|stab")

import torch


def reinforce_update(logits, action, ret, lr):
    H = logits.clone()
    prob = torch.exp(H[action]) / sum(list(map(torch.exp, H)))
    mask = torch.tensor([a != action for a in range(len(H))], dtype=H.dtype)
    H = H - mask * lr * ret * prob
    H[action] += lr * ret * (1 - prob)
    return H
