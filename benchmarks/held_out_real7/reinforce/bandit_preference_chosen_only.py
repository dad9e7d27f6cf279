"""reinforce_update as a homework multi-armed-bandit agent's ``update_params`` writes the gradient
bandit step: only the CHOSEN action's preference moves, ``H[a] += alpha * reward * (1 - pi(a))``;
the other preferences are never decreased by ``alpha * reward * pi(b)``. The preferences are a
float32 numpy array in the source.

Source: code-search file 289270856, ``self.H = np.array([0 for _ in self.possible_actions],
dtype=np.float32)``; ``def policy(self): return np.exp(self.H) / np.exp(self.H).sum()``; ``def
update_params(self, action, reward): self.H[action] += self.alpha * reward * (1 -
self.policy()[action].item())``. Ported: ``H`` is a copy of the logits (kept in their dtype),
``alpha`` is ``lr`` and ``reward`` is ``ret``.
"""
SOURCE = "code-search file 289270856"
KIND = "reinforce: update moves only the chosen action's logit"
CAUSE = r"only (the )?(chosen|taken|selected|action)|other (logits|actions|entries)|unchanged|not (decreased|updated|moved)|-\s*softmax|minus the softmax|probabilit(y|ies) of the other"

import torch


def reinforce_update(logits, action, ret, lr):
    H = logits.clone()
    policy = torch.exp(H) / torch.exp(H).sum()
    H[action] += lr * ret * (1 - policy[action].item())
    return H
