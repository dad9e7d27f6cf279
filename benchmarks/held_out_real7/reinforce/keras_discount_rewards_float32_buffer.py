"""discounted_returns from a Keras REINFORCE training loop: the recursion is right, but the buffer
is created as ``np.zeros_like(rewards, dtype=np.float32)``, so every return is rounded to float32
whatever the rewards' dtype (float64 rewards get float32-rounded values back).

Source: code-search file 6776478973, ``def discount_rewards(rewards, gamma=0.99): discounted_r =
np.zeros_like(rewards, dtype=np.float32); running_add = 0; for t in
reversed(range(len(rewards))): running_add = running_add * gamma + rewards[t];
discounted_r[t] = running_add; return discounted_r``. Ported: the buffer is
``torch.zeros_like(rewards, dtype=torch.float32)``, returned converted back to the rewards'
dtype (the port needs that dtype; the values keep the float32 rounding).
"""
SOURCE = "code-search file 6776478973"
KIND = "reinforce: float32 buffer"
CAUSE = r"float32|single precision|float64 precision|precision"

import torch


def discounted_returns(rewards, gamma):
    discounted_r = torch.zeros_like(rewards, dtype=torch.float32)
    running_add = 0
    for t in reversed(range(len(rewards))):
        running_add = running_add * gamma + rewards[t]
        discounted_r[t] = running_add
    return discounted_r.to(rewards.dtype)
