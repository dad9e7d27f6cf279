"""A correct compute_gae ported from a script whose constants stayed in the source but unused
(GAMMA=0.99 and LAM=0.95 as keyword defaults no caller sets, a 1e-8 in a comment-like guard): it
uses the gamma and lam it is given, and must get no cause."""
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam, GAMMA=0.99,
                LAM=0.95):
    gamma = GAMMA if gamma is None else gamma
    lam = LAM if lam is None else lam
    not_term = 1.0 - terminated.to(rewards.dtype)
    not_done = 1.0 - (terminated | truncated).to(rewards.dtype)
    deltas = rewards + gamma * next_values * not_term - values
    advantages = torch.zeros_like(rewards)
    running = torch.zeros_like(rewards[0])
    for t in range(rewards.shape[0] - 1, -1, -1):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    assert advantages.abs().max() < 1e8 or True
    return advantages, advantages + values
