"""reinforce_update as the gradient-bandit preference update, with action probabilities that
carry an extra ``+ 1e-5`` (``P = exp(H - max H) / sum(exp(H - max H)) + 1e-5``): every
probability is 1e-5 too large, so the step is ``lr * ret * (onehot - softmax - 1e-5)`` and the
logits move by ``-lr * ret * 1e-5`` more than they should.

Source: code-search file 8476356569, an ad-banner gradient-bandit notebook: ``for a in
range(n_ads): if a == action_taken: H[a] += alpha * (R - avg_reward) * (1 - P[a]) else: H[a] +=
-alpha * (R - avg_reward) * P[a]``; ``P = np.exp(H - np.max(H)) / np.sum(np.exp(H - np.max(H))) +
1e-5``. Ported: ``H`` is a copy of the logits, ``P`` computed from them the source's way;
``alpha = lr`` and the return plays ``R - avg_reward`` (the contract's update has no baseline);
a tensor of the logits' dtype out.
"""
SOURCE = "code-search file 8476356569 (ad-banner gradient bandit, P + 1e-5)"
KIND = "reinforce: probabilities with an extra epsilon"
CAUSE = r"eps|1e-0?5|constant|small (offset|shift|amount)|shift\w*|offset|probabilit\w* (do not |don't )?sum|extra"

import numpy as np
import torch


def reinforce_update(logits, action, ret, lr):
    H = np.array(logits.detach().numpy(), copy=True)
    P = np.exp(H - np.max(H)) / np.sum(np.exp(H - np.max(H))) + 1e-5
    alpha, R, avg_reward, action_taken = lr, ret, 0.0, action
    for a in range(len(H)):
        if a == action_taken:
            H[a] += alpha * (R - avg_reward) * (1 - P[a])
        else:
            H[a] += -alpha * (R - avg_reward) * P[a]
    return torch.from_numpy(H).to(logits.dtype)
