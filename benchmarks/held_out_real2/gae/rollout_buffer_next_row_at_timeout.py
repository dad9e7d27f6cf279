"""compute_gae from a rollout buffer that stores each step's next value but reads it only at the
rollout's last step: going backwards, every other step bootstraps from the NEXT ROW's value. At a
time-limit truncation (bootstrapped, since only terminations stop the TD target) that is the
value of the next episode's first state, not of the truncated episode's last observation; the
advantages are also kept in a float32 buffer.

Source: public code in the code-search corpus (file id 49447463605, a ``RolloutBuffer`` "with
correct terminated/truncated handling"; the index does not name the repository),
``compute_returns_and_advantages``: ``self.advantages = zeros((self.T, self.B),
dtype=torch.float32)``, ``next_value = self.next_values[self.t - 1]``, ``bootstrap_td = (~(done &
~timeout)).float()``, ``continue_gae = (~done).float()``, ``delta = self.rewards[t] + gamma *
next_value * bootstrap_td[t] - self.values[t]``, ``gae = delta + gamma * gae_lambda *
continue_gae[t] * gae``, ``next_value = self.values[t]``, ``self.returns = self.advantages +
self.values``. Ported: done = terminated or truncated, timeout = truncated.
"""
SOURCE = "code-search file 49447463605 (RolloutBuffer.compute_returns_and_advantages)"
KIND = "gae: next row's value at a truncation"
CAUSE = (r"next episode|reset|first state|next row|values?\[t ?\+ ?1\]|next_values|"
         r"shifted|truncat|float32")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    advantages = torch.zeros(rewards.shape, dtype=torch.float32)
    gae = torch.zeros(rewards.shape[1:], dtype=torch.float32)
    next_value = next_values[T - 1]
    done = terminated | truncated
    timeout = truncated
    bootstrap_td = (~(done & ~timeout)).float()
    continue_gae = (~done).float()
    for t in reversed(range(T)):
        delta = rewards[t] + gamma * next_value * bootstrap_td[t] - values[t]
        gae = delta + gamma * lam * continue_gae[t] * gae
        advantages[t] = gae
        next_value = values[t]
    returns = advantages + values
    return advantages, returns
