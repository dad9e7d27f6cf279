"""CleanRL's lastgaelam loop ported right to gymnasium's flags: next_values[t] as the next value,
1 - terminated_t in the TD error, 1 - done_t in the recursion, masks built with ``.float()``
(float32 masks: right to float32's precision only)."""
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    nonterminal = 1.0 - terminated.float()
    nondone = 1.0 - (terminated | truncated).float()
    advantages = torch.zeros_like(rewards)
    lastgaelam = 0.0
    for t in reversed(range(rewards.shape[0])):
        delta = rewards[t] + gamma * next_values[t] * nonterminal[t] - values[t]
        lastgaelam = delta + gamma * lam * nondone[t] * lastgaelam
        advantages[t] = lastgaelam
    return advantages, advantages + values
