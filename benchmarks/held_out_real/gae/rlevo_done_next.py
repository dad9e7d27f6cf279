"""compute_gae reads the done flags of step t + 1 (one step early), except at the last step.

Source: https://github.com/anthonytorlucci/rlevo/issues/342 (ppo/rollout.rs ``compute_gae``):
``let done_next = terminated[t + 1] || truncated[t + 1];`` while its final-step branch used the
step's own ``last_done``; the one flag zeroes the bootstrap and cuts the recursion (so a
truncation is also treated as terminal, issue #170). Reconstructed from the issue (Rust ->
torch); next_values is the contract's.
"""
SOURCE = "https://github.com/anthonytorlucci/rlevo/issues/342"
KIND = "gae: done flag off by one"
CAUSE = r"step t's own|step t\+1|t ?\+ ?1's|off by one|one step|truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    advantages = torch.zeros_like(rewards)
    last_gae = torch.zeros_like(rewards[0])
    for t in reversed(range(T)):
        if t == T - 1:
            done = terminated[t] | truncated[t]
        else:
            done = terminated[t + 1] | truncated[t + 1]
        not_done = (~done).to(rewards.dtype)
        delta = rewards[t] + gamma * next_values[t] * not_done - values[t]
        last_gae = delta + gamma * lam * not_done * last_gae
        advantages[t] = last_gae
    return advantages, advantages + values
