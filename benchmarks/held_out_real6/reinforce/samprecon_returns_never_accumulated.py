"""discounted_returns whose running return is never updated: ``R`` is created as zeros and each
step's return is ``rewards[i] + gamma * R`` with that same zero ``R``, so every "return" is the
step's own reward and nothing of the future is added.

Source: ottersome/SamplingReconstruction samprecon/utils/rl_utils.py, ``def
calculate_returns(rewards, gamma): R = torch.zeros((rewards.shape[0])); returns =
torch.zeros_like(rewards); for i in range(returns.shape[1]-1,-1,-1): returns[:,i] = rewards[:,i] +
gamma * R; return returns``. Ported: the source's batch rows are one episode here, so its time
axis (dimension 1) is dimension 0 and ``R`` is a scalar zero.
"""
SOURCE = "ottersome/SamplingReconstruction samprecon/utils/rl_utils.py"
KIND = "reinforce: running return never accumulated"
CAUSE = r"reward|accumulat|recurs|future|G_\{?t ?\+ ?1|running|immediate|never"

import torch


def discounted_returns(rewards, gamma):
    R = torch.zeros((), dtype=rewards.dtype)
    returns = torch.zeros_like(rewards)
    for i in range(returns.shape[0] - 1, -1, -1):
        returns[i] = rewards[i] + gamma * R
    return returns
