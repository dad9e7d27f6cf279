"""discounted_returns as a LunarLander REINFORCE study writes it: the returns are right, then
collected in a float32 tensor and standardised, ``(returns - mean) / (std + 1e-8)`` (sample
standard deviation), so the function answers z-scores instead of the returns themselves.

Source: LeeJunho-AI/Reinforcement_Learning_Study REINFORCE_LunarLander/src/utils.py, ``def
compute_returns(rewards, gamma=0.99): returns = []; G = 0; for reward in reversed(rewards): G =
reward + gamma * G; returns.insert(0, G); returns = torch.tensor(returns, dtype=torch.float32);
returns = (returns - returns.mean()) / (returns.std() + 1e-8); return returns``. Ported: the
rewards' entries as Python floats (``.tolist()``), the answer in the rewards' dtype.
"""
SOURCE = "LeeJunho-AI/Reinforcement_Learning_Study REINFORCE_LunarLander/src/utils.py"
KIND = "reinforce: returns standardised"
CAUSE = r"standardi|normali|z.?score|subtract.*mean|mean.*std|divid"

import torch


def discounted_returns(rewards, gamma):
    dtype = rewards.dtype
    rewards = rewards.tolist()
    returns = []
    G = 0
    for reward in reversed(rewards):
        G = reward + gamma * G
        returns.insert(0, G)
    returns = torch.tensor(returns, dtype=torch.float32)
    returns = (returns - returns.mean()) / (returns.std() + 1e-8)
    return returns.to(dtype)
