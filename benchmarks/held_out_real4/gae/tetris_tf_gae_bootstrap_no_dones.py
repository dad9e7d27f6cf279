"""compute_gae with a bootstrap value after the last row but no episode ends: ``delta =
rewards[t] + gamma * values[t + 1] - values[t]``, ``gae = delta + gamma * lam * gae`` over a
``values`` of T + 1 entries. A terminated step bootstraps from the next episode's first value,
the advantage runs across episode ends, and V(s_{t+1}) is the next row's value.

Source: code-search file 29718747515, a TensorFlow agent's ``_compute_gae(self, values, rewards,
gamma, lam)``: ``for t in tf.range(tf.shape(rewards)[0])[::-1]: delta = rewards[t] + gamma *
values[t + 1] - values[t]; gae = delta + gamma * lam * gae; advantages = advantages.write(t,
gae)``; ``returns = values[:-1] + advantages``; ``return advantages, returns``. Ported to torch:
``values`` with its extra entry is ``cat(values, next_values[-1:])``; the TensorArray is a list
stacked at the end.
"""
SOURCE = "code-search file 29718747515 (TF _compute_gae over T + 1 values, no dones)"
KIND = "gae: no done mask (next row's value)"
CAUSE = (r"terminat|done|episode (end|boundar)|across|leak|flows?|carr(y|ies|ied)|reset|mask|"
         r"next row|values\[t ?\+ ?1\]|shift|next_values|truncat")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    values = torch.cat([values, next_values[-1:]])
    advantages = [None] * rewards.shape[0]
    gae = 0.0

    for t in range(rewards.shape[0])[::-1]:
        delta = rewards[t] + gamma * values[t + 1] - values[t]
        gae = delta + gamma * lam * gae
        advantages[t] = gae

    advantages = torch.stack(advantages)
    returns = values[:-1] + advantages
    return advantages, returns
