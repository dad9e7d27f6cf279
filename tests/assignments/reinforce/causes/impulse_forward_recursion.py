"""The recursion runs forwards (`running = gamma * running + r` over `range(T)`), a
discounted sum of the past rather than the future, with a float32 accumulator."""
CAUSE = r"(?=.*steps up to t)(?=.*gamma\^\(t - k\))|accumulated rewards from the start"

import torch


def discounted_returns(rewards, gamma):
    returns = torch.zeros(len(rewards), dtype=torch.float32)
    running = 0.0
    for t in range(len(rewards)):
        running = gamma * running + float(rewards[t])
        returns[t] = running
    return returns.to(rewards.dtype)
