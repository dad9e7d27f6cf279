"""compute_gae in the "done flag stored with the next observation" layout, ported to per-step
flags: the bootstrap of step t is cut by ``dones[t + 1]`` (the NEXT step's flag) while the
recursion is cut by ``dones[t]``; the next state's value is the next row of ``values`` (not
``next_values``); the last step never bootstraps (``delta = r - V``); and one ``done`` (terminated
or truncated) serves for both; the advantages are collected in a float32 tensor.

Source: code-search file 36100777967, a PPO agent with an annealed learning rate,
``calculate_gae(self, rewards, values, dones)``: ``for t in reversed(range(len(rewards))): if t + 1
< len(rewards): delta = rewards[t] + self.gamma * values[t + 1] * (1 - dones[t + 1]) - values[t]
else: delta = rewards[t] - values[t]; advantage = delta + self.gamma * self.lam * (1 - dones[t]) *
last_advantage; last_advantage = advantage; advantages.insert(0, advantage)``; ``return
torch.tensor(advantages, dtype=torch.float)``. Ported: ``dones = terminated | truncated`` (as
floats), the rows of a ``(T, N)`` batch stacked; returns are the advantages plus ``values``;
``next_values`` accepted and unused.
"""
SOURCE = "code-search file 36100777967 (LR-annealed PPO calculate_gae, dones[t + 1])"
KIND = "gae: done flag one step late"
CAUSE = r"done|terminat|truncat|off.by.one|shift|one step (late|early|later|earlier)|\[t ?\+ ?1\]|next step'?s|bootstrap|next_values|next (row|state)|episode|float32"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    advantages = []
    last_advantage = 0
    for t in reversed(range(len(rewards))):
        if t + 1 < len(rewards):
            delta = rewards[t] + gamma * values[t + 1] * (1 - dones[t + 1]) - values[t]
        else:
            delta = rewards[t] - values[t]
        advantage = delta + gamma * lam * (1 - dones[t]) * last_advantage
        last_advantage = advantage
        advantages.insert(0, advantage)
    advantages = torch.stack([torch.as_tensor(a) for a in advantages]).to(torch.float)
    return advantages, advantages + values
