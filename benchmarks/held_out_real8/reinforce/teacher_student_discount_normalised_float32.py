"""discounted_returns from a teacher/student seq2seq REINFORCE model: the returns recursion is
right, then the list becomes ``torch.Tensor`` (float32) and is standardised by its mean and sample
std plus float32's machine epsilon (its own TODO doubts it).

Source: code-search file 27447651663, ``for r in self.rewards[::-1]: R = r + self.gamma * R;
discounted_rewards.insert(0, R); discounted_rewards = torch.Tensor(discounted_rewards);
discounted_rewards = (discounted_rewards - discounted_rewards.mean()) / (discounted_rewards.std() +
np.finfo(np.float32).eps)``. Ported: ``self.rewards`` is the ``rewards`` tensor, ``self.gamma`` is
``gamma``.
"""
SOURCE = "code-search file 27447651663"
KIND = "reinforce: returns standardised, float32"
CAUSE = r"normali[sz]|standardi[sz]|mean|std|standard deviation|z.?score|rescal|scale"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    R = 0
    discounted_rewards = []
    for r in rewards.tolist()[::-1]:
        R = r + gamma * R
        discounted_rewards.insert(0, R)
    discounted_rewards = torch.Tensor(discounted_rewards)
    discounted_rewards = (discounted_rewards - discounted_rewards.mean()) / \
        (discounted_rewards.std() + np.finfo(np.float32).eps)
    return discounted_rewards
