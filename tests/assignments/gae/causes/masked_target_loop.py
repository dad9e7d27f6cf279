"""The mask multiplies the whole TD target, reward and bootstrap: ``target = (r + gamma * V') *
(1 - terminated)``, so a terminal step's reward is lost; float32 masks."""
CAUSE = r"multiplies the whole target"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    nonterminal = 1.0 - terminated.float()
    notdone = 1.0 - (terminated | truncated).float()
    advantages = torch.zeros_like(rewards)
    running = torch.zeros_like(rewards[0])
    for t in reversed(range(len(rewards))):
        target = (rewards[t] + gamma * next_values[t]) * nonterminal[t]
        running = target - values[t] + gamma * lam * notdone[t] * running
        advantages[t] = running
    return advantages, advantages + values
