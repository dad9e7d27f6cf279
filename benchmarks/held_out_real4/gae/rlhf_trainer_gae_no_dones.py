"""compute_gae with no episode ends at all: ``delta = rewards[t] + gamma * next_value -
values[t]``, ``gae = delta + gamma * lam * gae``; V(s_{t+1}) is the next row's value and 0 after
the last row. So a terminated step still bootstraps (from the next episode's first value), the
advantage runs across episode ends, and the last step never bootstraps.

Source: code-search file 49855609055, an RLHF PPO trainer's ``compute_advantages(self, rewards,
values, gamma=0.99, lam=0.95)``: ``if t == len(rewards) - 1: next_value = 0 else: next_value =
values[t + 1]``; ``delta = rewards[t] + gamma * next_value - values[t]``; ``gae = delta + gamma *
lam * gae``; ``advantages[t] = gae``; ``return advantages``. Ported: a free function of the
contract's arguments (``next_values``, ``terminated``, ``truncated`` unused, as in the source),
returning ``(advantages, advantages + values)`` since the source returns the advantages only.
"""
SOURCE = "code-search file 49855609055 (RLHF trainer compute_advantages, no dones)"
KIND = "gae: no done mask (next row's value)"
CAUSE = (r"terminat|done|episode (end|boundar)|across|leak|flows?|carr(y|ies|ied)|reset|mask|"
         r"next row|values\[t ?\+ ?1\]|shift|next_values|bootstrap|truncat|last step")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    advantages = torch.zeros_like(rewards)
    gae = 0

    for t in reversed(range(len(rewards))):
        if t == len(rewards) - 1:
            next_value = 0
        else:
            next_value = values[t + 1]

        delta = rewards[t] + gamma * next_value - values[t]
        gae = delta + gamma * lam * gae
        advantages[t] = gae

    return advantages, advantages + values
