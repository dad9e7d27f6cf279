"""reinforce_update from a reinforcement-learning exercises repository's gradient bandit: the chosen
action's preference is updated first, and the softmax used for the OTHER actions' update is then
recomputed from the already-updated preferences, so the other logits move by the wrong
probabilities (the gradient is taken at the new policy, not the one that chose the action).

Source: code-search file 14921922970, ``self.h[action] += step_size * (reward -
running_reward_avg) * (1 - softmax(self.h)[action]); mask = np.ones(self.n_arms); mask[action] =
0; self.h = self.h - step_size * (reward - running_reward_avg) * softmax(self.h) * mask``, with
``softmax = lambda x: np.exp(x)/np.sum(np.exp(x))``. Ported: ``reward - running_reward_avg`` is
``ret`` (no baseline in the contract), ``step_size`` is ``lr``; ``h`` is a copy of the logits.
"""
SOURCE = "code-search file 14921922970"
KIND = "reinforce: softmax recomputed after the chosen action's update"
CAUSE = r"recomput|updated (logits|preferences)|after (the )?update|new (policy|probabilit|softmax)|wrong probabilit|stale|order"

import torch


def reinforce_update(logits, action, ret, lr):
    def softmax(x):
        return torch.exp(x) / torch.sum(torch.exp(x))

    h = logits.clone()
    h[action] += lr * ret * (1 - softmax(h)[action])
    mask = torch.ones_like(h)
    mask[action] = 0
    h = h - lr * ret * softmax(h) * mask
    return h
