"""compute_gae from a card-game PPO: ``values + [0]`` as the bootstrap, so the last step of the
rollout never bootstraps from ``next_values``; one ``dones`` flag (terminated or truncated) both
cuts the recursion and zeroes the bootstrap, so a truncated step does not bootstrap either; the
next state's value is the next row of ``values``.

Source: minhduc080204/tienlen-ai-train rl/ppo/advantage.py: ``values = values + [0]  #
bootstrap; for t in reversed(range(len(rewards))): delta = rewards[t] + gamma * values[t+1] * (1
- dones[t]) - values[t]; gae = delta + gamma * lam * (1 - dones[t]) * gae;
advantages.insert(0, gae)``; ``returns = [adv + v ...]``. Ported: ``dones`` is ``terminated |
truncated`` (gymnasium's done), the lists are the tensors' rows, answers stacked as tensors.
"""
SOURCE = "minhduc080204/tienlen-ai-train rl/ppo/advantage.py"
KIND = "gae: zero bootstrap, truncation as termination"
CAUSE = r"truncat|bootstrap|next_values|next (row|state)|last (step|row)|zero"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(values.dtype)
    rewards, values = list(rewards.detach()), list(values.detach())
    advantages = []
    gae = 0
    values = values + [0]  # bootstrap
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * values[t + 1] * (1 - dones[t]) - values[t]
        gae = delta + gamma * lam * (1 - dones[t]) * gae
        advantages.insert(0, gae)
    returns = [adv + v for adv, v in zip(advantages, values[:-1])]
    return torch.stack(advantages), torch.stack(returns)
