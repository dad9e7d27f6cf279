"""discounted_returns from a PyTorch Pong agent: builds the list of returns backwards and resets the
running sum at every non-zero reward (the pg-pong "game boundary" trick), then reverses the list;
every episode with rewards at several steps gets returns cut at the next rewarded step.

Source: code-search file 38274804388, ``def discount_rewards(r,gamma): discounted_r = [];
running_add = 0; for t in reversed(range(0, len(r))): if r[t] != 0: running_add = 0;
running_add = running_add * gamma + r[t]; discounted_r.append(running_add); discounted_r =
reversed(discounted_r); return list(discounted_r)``. Ported: the list is stacked into a tensor
of the rewards' dtype.
"""
SOURCE = "code-search file 38274804388"
KIND = "reinforce: running return reset at every non-zero reward"
CAUSE = r"reset|non-?zero|restart|boundary|zeroed|set to (0|zero)|sets? .*(0|zero)"

import torch


def discounted_returns(rewards, gamma):
    r = rewards
    discounted_r = []
    running_add = 0
    for t in reversed(range(0, len(r))):
        if r[t] != 0:
            running_add = 0
        running_add = running_add * gamma + r[t]
        discounted_r.append(running_add)
    discounted_r = reversed(discounted_r)
    return torch.stack([torch.as_tensor(x, dtype=rewards.dtype) for x in discounted_r])
