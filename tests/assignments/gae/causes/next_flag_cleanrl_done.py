"""CleanRL's loop with next_values kept: the recursion's mask reads dones[t + 1] (CleanRL's
``nextnonterminal = 1 - dones[t + 1]``), where with gymnasium's flags step t's own belongs."""
CAUSE = r"NEXT step's done flag|not step t\+1's"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    deltas = rewards + gamma * (1.0 - terminated.to(rewards.dtype)) * next_values - values
    T = rewards.shape[0]
    advantages = torch.zeros_like(rewards)
    lastgaelam = torch.zeros_like(rewards[0])
    for t in reversed(range(T)):
        nextnonterminal = 1.0 - dones[t + 1] if t < T - 1 else torch.ones_like(dones[t])
        lastgaelam = deltas[t] + gamma * lam * nextnonterminal * lastgaelam
        advantages[t] = lastgaelam
    return advantages, advantages + values
