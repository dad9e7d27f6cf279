"""discounted_returns from a boat-race / gridworld REINFORCE script's ``finish_episode``: the
recursion is right, but the returns are collected in a list and turned into a tensor with
``torch.Tensor(...)``, which is always float32 (the normalisation after it is commented out).

Source: code-search file 47399112753, ``R = 0; rewards = []; for r in policy.rewards[::-1]: R = r +
args.gamma * R; rewards.insert(0, R); rewards = torch.Tensor(rewards); # rewards = (rewards -
rewards.mean()) / (rewards.std() + eps)``. Ported: ``policy.rewards`` is the ``rewards`` tensor.
"""
SOURCE = "code-search file 47399112753"
KIND = "reinforce: returns built with torch.Tensor (float32)"
CAUSE = r"float32|single precision|precision|dtype|torch\.Tensor"

import torch


def discounted_returns(rewards, gamma):
    R = 0
    out = []
    for r in rewards.tolist()[::-1]:
        R = r + gamma * R
        out.insert(0, R)
    out = torch.Tensor(out)
    return out
