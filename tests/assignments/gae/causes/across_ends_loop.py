"""The done mask is applied in the TD error only; the recursion never resets (a Python loop
over steps, lastgaelam style)."""
CAUSE = r"recursion runs across episode ends|leaked across an episode boundary"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    advantages = torch.zeros_like(rewards)
    lastgaelam = 0.0
    for t in range(T - 1, -1, -1):
        nonterminal = 1.0 - terminated[t].to(rewards.dtype)
        delta = rewards[t] + gamma * next_values[t] * nonterminal - values[t]
        lastgaelam = delta + gamma * lam * lastgaelam
        advantages[t] = lastgaelam
    return advantages, advantages + values
