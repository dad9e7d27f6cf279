"""compute_gae from a LunarLander PPO whose comments explain terminated versus truncated: but the
bootstrap mask of step t uses the NEXT transition's flag (``terminateds[t + 1]``, "Use the NEXT
transition's terminated flag"), one step late, while the recursion is cut by ``terminateds[t]``;
truncations never cut the recursion, and each step bootstraps from the next row of the values.

Source: code-search file 29197016799, ``if t == len(rewards) - 1: next_non_terminal = 1.0 -
terminateds[t]; next_values = next_value else: # Use the NEXT transition's terminated flag;
next_non_terminal = 1.0 - terminateds[t + 1]; next_values = values[t + 1]; delta = rewards[t] +
GAMMA * next_values * next_non_terminal - values[t]; terminated_mask = terminateds[t]; gae = delta
+ GAMMA * GAE_LAMBDA * (1 - terminated_mask) * gae; advantages.insert(0, gae)``. Ported:
``next_value`` is the last row of ``next_values``; ``GAMMA``/``GAE_LAMBDA`` are the arguments.
"""
SOURCE = "code-search file 29197016799"
KIND = "gae: bootstrap mask from the next step's flag"
CAUSE = r"next (step|transition)|terminated\[t ?\+ ?1\]|one step (late|later|off)|off.by.one|shift|wrong (step|index)|truncat|across|episode"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    terminateds = terminated.to(values.dtype)
    advantages = []
    gae = 0
    for t in reversed(range(len(rewards))):
        if t == len(rewards) - 1:
            next_non_terminal = 1.0 - terminateds[t]
            nv = next_values[-1]
        else:
            next_non_terminal = 1.0 - terminateds[t + 1]
            nv = values[t + 1]
        delta = rewards[t] + gamma * nv * next_non_terminal - values[t]
        terminated_mask = terminateds[t]
        gae = delta + gamma * lam * (1 - terminated_mask) * gae
        advantages.insert(0, gae)
    advantages = torch.stack(advantages)
    return advantages, advantages + values
