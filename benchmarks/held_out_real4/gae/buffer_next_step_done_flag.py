"""compute_gae that cuts at the done flag of the NEXT step (``dones[1:]`` of a list padded with
``False``): a step's own termination is ignored, both in its TD residual (it bootstraps from the
next episode's first value) and in the recursion, while the step before an episode's end is cut
instead; V(s_{t+1}) is the next row's value (the rollout's ``next_value`` after the last row), a
truncated step counts as done, and the advantages are standardised (``(A - mean) / (std +
1e-8)``) after the returns are taken.

Source: code-search file 28157474180, a rollout buffer's ``compute_returns_advantages(self,
next_value, gamma=0.99, gae_lambda=0.95)``: ``values = np.array(self.values + [next_value])``;
``dones = np.array(self.dones + [False])``; ``deltas = rewards + gamma * values[1:] * (1 -
dones[1:]) - values[:-1]``; ``advantage = deltas[t] + gamma * gae_lambda * (1 - dones[t+1]) *
advantage``; ``self.returns = advantages + values[:-1]``; ``self.advantages = (advantages -
advantages.mean()) / (advantages.std() + 1e-8)``. Ported: ``next_value = next_values[-1]``,
``dones = terminated | truncated``; numpy on ``.numpy()`` (population std, as numpy's), tensors
back; returns ``(advantages, returns)``.
"""
SOURCE = "code-search file 28157474180 (rollout buffer compute_returns_advantages, dones[1:])"
KIND = "gae: done flag of the next step (off by one)"
CAUSE = (r"off[- ]by[- ]one|next step'?s? (done|termin)|dones?\[t ?\+ ?1\]|dones?\[1:\]|shift|"
         r"one (step|row) (late|early|off)|wrong (step|row|index)|terminat|"
         r"standardi[sz]|normali[sz]|whiten|z-?score|"
         r"next row|values\[t ?\+ ?1\]|next_values|bootstrap|truncat")

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    gae_lambda = lam
    rewards = rewards.numpy()
    next_value = next_values[-1].numpy()
    values = np.concatenate([values.numpy(), next_value[None]])
    dones = (terminated | truncated).numpy()
    dones = np.concatenate([dones, np.zeros_like(dones[:1])]).astype(rewards.dtype)

    deltas = rewards + gamma * values[1:] * (1 - dones[1:]) - values[:-1]

    advantages = np.zeros_like(rewards)
    advantage = 0
    for t in reversed(range(len(rewards))):
        advantage = deltas[t] + gamma * gae_lambda * (1 - dones[t + 1]) * advantage
        advantages[t] = advantage

    returns = advantages + values[:-1]
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    return torch.from_numpy(advantages), torch.from_numpy(returns)
