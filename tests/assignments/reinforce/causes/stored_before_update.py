"""The running return is stored before r_t is added: step t gets G_{t+1}."""
CAUSE = r"G_\{t\+1\}|shift|one step"

import torch


def discounted_returns(rewards, gamma):
    out = torch.zeros_like(rewards)
    running = 0.0
    for t in reversed(range(rewards.shape[0])):
        out[t] = running
        running = rewards[t] + gamma * running
    return out
