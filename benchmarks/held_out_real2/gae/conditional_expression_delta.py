"""compute_gae whose TD line is one conditional expression: ``r + gamma V_{t+1} (1 - d) if t + 1
< T else r - V``. Python reads it as ``(r + gamma V_{t+1} (1 - d)) if ... else (r - V)``, so
every step but the last is missing its ``- V(s_t)``, and the last step never bootstraps.

Source: public code in the code-search corpus (file id 32206948922, a trainer's
``_compute_gae(self, rewards, values, dones)``; the index does not name the repository):
``delta = rewards[t] + self.gamma * values[t + 1] * (1 - dones[t]) if t + 1 < len(rewards) else
rewards[t] - values[t]``, ``gae = delta + self.gamma * self.lam * (1 - dones[t]) * gae``,
``returns[t] = advantages[t] + values[t]``. Ported: ``dones`` = terminated or truncated; the
(returns, advantages) pair reordered to the contract's.
"""
SOURCE = "code-search file 32206948922 (_compute_gae, conditional expression)"
KIND = "gae: delta without -V(s_t)"
CAUSE = (r"(omit|miss|forg|without|lack|drop)\w*.{0,40}(-\s*V|- ?values?\b|V\(s_?t\)|"
         r"current (state'?s? )?value|values?\[t\])|(V\(s_?t\)|values?\[t\]).{0,30}"
         r"(not subtracted|missing|omitted)|precedence|conditional expression|"
         r"last step.{0,40}bootstrap|bootstrap.{0,40}last step")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    returns = torch.zeros_like(rewards)
    gae = 0
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * values[t + 1] * (1 - dones[t]) if t + 1 < len(rewards) else rewards[t] - values[t]
        gae = delta + gamma * lam * (1 - dones[t]) * gae
        advantages[t] = gae
        returns[t] = advantages[t] + values[t]
    return advantages, returns
