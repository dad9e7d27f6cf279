"""discounted_returns with the right recursion written into a float32 numpy buffer
(``numpy.zeros_like(rewards_episode, dtype=numpy.float32)``): float64 rewards give a float32
answer, rounded to single precision.

Source: code-search file 5038651855, an ``Rl`` helper class after Karpathy's Pong post:
``def discount_rewards_episode(rewards_episode, gamma): discounted_rewards_episode =
numpy.zeros_like(rewards_episode, dtype=numpy.float32); running_add = 0; for t in
reversed(range(0, rewards_episode.size)): running_add = running_add * gamma +
rewards_episode[t]; discounted_rewards_episode[t] = running_add``. Ported: numpy of the tensor
in, ``torch.from_numpy`` of the buffer out.
"""
SOURCE = "code-search file 5038651855 (Rl.discount_rewards_episode, float32 buffer)"
KIND = "reinforce: float32 returns"
CAUSE = r"float32|single precision|float64|precision|dtype"

import numpy
import torch


def discounted_returns(rewards, gamma):
    rewards_episode = rewards.detach().numpy()
    discounted_rewards_episode = numpy.zeros_like(rewards_episode, dtype=numpy.float32)
    running_add = 0
    for t in reversed(range(0, rewards_episode.size)):
        running_add = running_add * gamma + rewards_episode[t]
        discounted_rewards_episode[t] = running_add
    return torch.from_numpy(discounted_rewards_episode)
