"""discounted_returns accumulates forwards: G_t = r_t + gamma * G_{t-1}."""
CAUSE = r"direction|forward|backward|first step|start of the episode|after step"

import torch


def discounted_returns(rewards, gamma):
    out = torch.empty_like(rewards)
    acc = 0.0
    for t in range(len(rewards)):
        acc = rewards[t] + gamma * acc
        out[t] = acc
    return out
