"""pytorch/examples' REINFORCE ported: args.gamma = 0.99 where the argument belongs, and the
returns normalised with torch's std and eps = numpy's float32 eps."""
CAUSE = r"gamma = 0\.99 whatever gamma is passed.*standardised \(minus their mean, over their sample std\)"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    eps = np.finfo(np.float32).eps.item()
    R, returns = 0, []
    for r in rewards.flip(0):
        R = r + 0.99 * R
        returns.insert(0, R)
    returns = torch.stack(returns)
    return (returns - returns.mean()) / (returns.std() + eps)
