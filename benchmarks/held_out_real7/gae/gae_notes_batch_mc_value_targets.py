"""compute_gae from a study note on GAE ("for a rollout array spanning multiple episodes"): the
advantages use one ``dones`` flag, so a TRUNCATED step is not bootstrapped, and take the next
value from the NEXT ROW (``values[t + 1]``; ``last_value`` only at the last step); the returns are
NOT ``advantages + values`` but a separate discounted Monte Carlo return bootstrapped from
``last_value``; both buffers are float32.

Source: code-search file 56681412786, ``def compute_gae_batch(rewards, values, dones, last_value,
gamma, lam): ... advantages = np.zeros(T, dtype=np.float32); value_targets = np.zeros(T,
dtype=np.float32); ... nonterminal = 1.0 - dones[t]; next_value = last_value if t == T - 1 else
values[t + 1]; delta = rewards[t] + gamma * next_value * nonterminal - values[t]; lastgaelam =
delta + gamma * lam * nonterminal * lastgaelam; ... running_return = rewards[t] + gamma *
nonterminal * running_return; value_targets[t] = running_return``. Ported: ``dones`` is
``terminated | truncated``, ``last_value`` is ``next_values[-1]``; the float32 buffers are
``torch.zeros(..., dtype=torch.float32)`` returned in the inputs' dtype.
"""
SOURCE = "code-search file 56681412786"
KIND = "gae: truncation not bootstrapped, returns are discounted Monte Carlo returns"
CAUSE = r"bootstrap|truncat|next_values|next (row|state)|shift|returns?\b.*(monte carlo|discounted|advantages ?\+ ?values)|monte carlo|float32"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    last_value = next_values[-1]
    T = len(rewards)
    advantages = torch.zeros(rewards.shape, dtype=torch.float32)
    value_targets = torch.zeros(rewards.shape, dtype=torch.float32)
    lastgaelam = 0.0
    running_return = last_value
    for t in reversed(range(T)):
        nonterminal = 1.0 - dones[t]
        next_value = last_value if t == T - 1 else values[t + 1]
        delta = rewards[t] + gamma * next_value * nonterminal - values[t]
        lastgaelam = delta + gamma * lam * nonterminal * lastgaelam
        advantages[t] = lastgaelam
        running_return = rewards[t] + gamma * nonterminal * running_return
        value_targets[t] = running_return
    return advantages.to(rewards.dtype), value_targets.to(rewards.dtype)
