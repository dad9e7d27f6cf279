"""A CleanRL-style buffer loop written for (T, N) rollouts only: `num_steps, num_envs =
rewards.shape` raises on a (T,) rollout; on (T, N) ones the done flags mask the TD error but
never reset the recursion, so advantages leak across an episode's end. Two mistakes: the
cause names the recursion's and the line that raises."""
CAUSE = r"(?=.*(recursion runs across episode ends|leaked across an episode boundary))(?=.*raises ValueError)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    num_steps, num_envs = rewards.shape
    advantages = torch.zeros_like(rewards)
    lastgaelam = torch.zeros(num_envs, dtype=rewards.dtype)
    for t in reversed(range(num_steps)):
        nextnonterminal = 1.0 - terminated[t].to(rewards.dtype)
        delta = rewards[t] + gamma * next_values[t] * nextnonterminal - values[t]
        lastgaelam = delta + gamma * lam * lastgaelam
        advantages[t] = lastgaelam
    return advantages, advantages + values
