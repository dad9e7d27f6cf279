"""discounted_returns from a policy-gradient script: its GAMMA 0.999 written into the loop where
gamma belongs, and the returns standardised before they are returned (as the script feeds them
to the loss: torch's sample std, + 1e-9), the running sum in float32. Source: the
`R = r + gamma * R; returns.insert(0, R)` loop of pytorch/examples' reinforce.py with its
normalisation kept inside."""
CAUSE = r"(?=.*gamma\W{0,2}(is fixed at|=) 0\.999)(?=.*standardi)"

import torch


def discounted_returns(rewards, gamma):
    R = torch.zeros((), dtype=torch.float32)
    returns = []
    for r in reversed(rewards.tolist()):
        R = r + 0.999 * R
        returns.insert(0, R)
    out = torch.stack(returns).to(rewards.dtype)
    return (out - out.mean()) / (out.std() + 1e-9)
