"""compute_gae in the common ``values + [next_value]`` form: V(s_{t+1}) is the next row's value
(the rollout's one bootstrap value after the last row), masked by ``1 - done``, so a truncated
step gets no bootstrap from its own last observation; otherwise the recursion is the contract's.

Source: NitishNaineni/Multi-Agent-Flocking, ppo.py, ``PPO.compute_gae(self, next_value,
rewards, masks, values)``: ``values = values + [next_value]``, ``delta = rewards[step] +
self.gamma * values[step + 1] * masks[step] - values[step]``, ``gae = delta + self.gamma *
self.tau * masks[step] * gae``, ``returns.insert(0, gae + values[step])``, ``return returns``.
Ported: ``masks = 1 - (terminated | truncated)``; ``next_value`` is ``next_values[-1]``; gamma
and tau are the arguments; advantages = returns - values.
"""
SOURCE = "NitishNaineni/Multi-Agent-Flocking ppo.py (PPO.compute_gae)"
KIND = "gae: next row's value, no bootstrap at truncation"
CAUSE = (r"truncat|bootstrap|next row|values\[t ?\+ ?1\]|following row|shift|"
         r"next_values|termination")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    masks = 1.0 - (terminated | truncated).to(rewards.dtype)
    values_ = list(values) + [next_values[-1]]
    gae = 0
    returns = []
    for step in reversed(range(len(rewards))):
        delta = rewards[step] + gamma * values_[step + 1] * masks[step] - values_[step]
        gae = delta + gamma * lam * masks[step] * gae
        returns.insert(0, gae + values_[step])
    returns = torch.stack(returns)
    return returns - values, returns
