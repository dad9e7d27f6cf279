"""CleanRL's lastgaelam loop, with gymnasium's flags of step t: values[t + 1] as the next value
(next_values only at the last row), done of step t in both places. Where next_values[t] is
values[t + 1] but at episode ends (the grader's rollouts), that is exactly no bootstrap at a
truncation, and either cause is right."""
CAUSE = r"values\[t \+ 1\], the next ROW's value|must still bootstrap from next_values"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    dones = (terminated | truncated).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    lastgaelam = 0
    for t in reversed(range(T)):
        nextvalues = next_values[t] if t == T - 1 else values[t + 1]
        nextnonterminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * nextvalues * nextnonterminal - values[t]
        advantages[t] = lastgaelam = delta + gamma * lam * nextnonterminal * lastgaelam
    return advantages, advantages + values
