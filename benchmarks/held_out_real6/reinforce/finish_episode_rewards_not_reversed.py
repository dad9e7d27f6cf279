"""The returns of a ``finish_episode`` written with ``net.rewards[::1]`` where the PyTorch example
has ``[::-1]``: the running sum walks the episode FORWARD while ``insert(0, R)`` still prepends, so
the first step gets the discounted sum accumulated up to the LAST reward, seen backwards; the
returns are then standardised, ``(returns - mean) / (std + 1e-5)`` (sample std), in a float32
``torch.tensor``.

Source: code-search file 41442368379, ``def finish_episode(net, gamma): R = 0; policy_loss = [];
returns = []; for r in net.rewards[::1]: R = R * gamma + r; returns.insert(0, R); returns =
torch.tensor(returns); returns = (returns - returns.mean()) / (returns.std() + 1e-5)``, then
``policy_loss.append(-log_prob * R)``. Ported: the returns the loss multiplies, as
``discounted_returns`` (``net.rewards`` are the rewards as Python floats), in the rewards' dtype.
"""
SOURCE = "code-search file 41442368379 (finish_episode, net.rewards[::1])"
KIND = "reinforce: returns accumulated forward, standardised"
CAUSE = r"revers|forward|order|backward|wrong end|standardi|normali"

import torch


def discounted_returns(rewards, gamma):
    dtype = rewards.dtype
    R = 0
    returns = []
    for r in rewards.tolist()[::1]:
        R = R * gamma + r
        returns.insert(0, R)
    returns = torch.tensor(returns)
    returns = (returns - returns.mean()) / (returns.std() + 1e-5)
    return returns.to(dtype)
