"""compute_gae in CleanRL's "done stored with the next observation" layout, ported to per-step
flags: both the bootstrap and the recursion of step t are cut by ``dones[t + 1]`` (the NEXT
step's flag) instead of step t's own; the next state's value is the next row of ``values``
(``next_values`` only at the last step, cut by ``notend_game``); one ``done`` (terminated or
truncated) serves for all, so a truncated step does not bootstrap.

Source: code-search file 24116574145, a PPO training script, ``compute_gae(values, rewards,
dones, gamma, gae_lambda, notend_game, next_ob)``: ``delta[-1] = rewards[-1] + gamma *
next_value * notend_game - values[-1]; advantages[-1] = delta[-1]; for t in
reversed(range(num_steps - 1)): delta[t] = rewards[t] + gamma * values[t + 1] * (1 - dones[t +
1]) - values[t]; advantages[t] = delta[t] + gamma * gae_lambda * (1 - dones[t + 1]) *
advantages[t + 1]``; ``returns = advantages + values``. Ported: ``dones = terminated |
truncated`` (as floats), ``next_value = next_values[-1]`` (the source evaluates its critic on
``next_ob``), ``notend_game = 1 - dones[-1]``.
"""
SOURCE = "code-search file 24116574145 (PPO script compute_gae with notend_game, dones[t + 1])"
KIND = "gae: done flag one step late"
CAUSE = r"done|terminat|truncat|off.by.one|shift|one step (late|early|later|earlier)|\[t ?\+ ?1\]|next step'?s|bootstrap|next_values|next (row|state)|episode"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    gae_lambda = lam
    dones = (terminated | truncated).to(rewards.dtype)
    next_value, notend_game = next_values[-1], 1 - dones[-1]
    num_steps = rewards.shape[0]
    with torch.no_grad():
        advantages = torch.zeros_like(rewards)
        delta = torch.zeros_like(rewards)
        delta[-1] = rewards[-1] + gamma * next_value * notend_game - values[-1]
        advantages[-1] = delta[-1]
        for t in reversed(range(num_steps - 1)):
            delta[t] = rewards[t] + gamma * values[t + 1] * (1 - dones[t + 1]) - values[t]
            advantages[t] = delta[t] + gamma * gae_lambda * (1 - dones[t + 1]) * advantages[t + 1]
        returns = advantages + values
    return advantages, returns
