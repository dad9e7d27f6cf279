"""No done flag anywhere: the TD error bootstraps after a termination and the recursion runs
across every episode end (a textbook GAE loop for a single endless episode)."""
CAUSE = r"after a termination.*recursion runs across episode ends"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = rewards + gamma * next_values - values
    advantages = torch.zeros_like(deltas)
    running = 0
    for t in reversed(range(len(deltas))):
        running = deltas[t] + gamma * lam * running
        advantages[t] = running
    return advantages, advantages + values
