"""The recursion decays by lambda alone (`adv = delta + lam * mask * adv`, gamma left out) and
the value targets add the next values instead of the values."""
CAUSE = r"(?=.*lam\^\(k - t\))(?=.*plus `next_values`)|(?=.*one value for every state)(?=.*`gamma` = 1)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    mask = 1.0 - (terminated | truncated).to(rewards.dtype)
    delta = rewards + gamma * (1.0 - terminated.to(rewards.dtype)) * next_values - values
    adv = torch.zeros_like(delta)
    acc = 0.0
    for t in range(len(delta) - 1, -1, -1):
        acc = delta[t] + lam * mask[t] * acc
        adv[t] = acc
    return adv, adv + next_values
