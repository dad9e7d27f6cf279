"""compute_gae that returns ``(targets, standardised advantages)``: the pair the other way round,
and the advantages standardised (``(gaes - mean) / (std + 1e-8)``, sample std); V(s_{t+1}) is the
next row's value (``values[1:]`` of a T + 1 vector), and a truncated step counts as done (no
bootstrap from its last observation).

Source: code-search file 36935815834, ``calculate_advantage(values, rewards, dones, gamma=0.995,
lambd=0.997)``: ``deltas = rewards + gamma * values[1:] * (1 - dones) - values[:-1]``;
``gaes[-1].copy_(deltas[-1])``; ``for t in reversed(range(rewards.size(0) - 1)):
gaes[t].copy_(deltas[t] + gamma * lambd * (1 - dones[t]) * gaes[t + 1])``; ``targets = gaes +
values[:-1]``; ``return targets, (gaes - gaes.mean()) / (gaes.std() + 1e-8)``. Ported: ``values``
of T + 1 entries is ``cat(values, next_values[-1:])``; ``dones = terminated | truncated`` in the
rewards' dtype.
"""
SOURCE = "code-search file 36935815834 (calculate_advantage returning targets first)"
KIND = "gae: pair in the wrong order, advantages standardised"
CAUSE = (r"swap|order|other way|returns? (first|and advantages)|reversed|pair|(exchang|interchang|mix)\w*|"
         r"standardi[sz]|normali[sz]|whiten|z-?score|"
         r"next row|values\[t ?\+ ?1\]|shift|next_values|bootstrap|truncat")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    values = torch.cat([values, next_values[-1:]])
    dones = (terminated | truncated).to(rewards.dtype)
    lambd = lam

    deltas = rewards + gamma * values[1:] * (1 - dones) - values[:-1]
    gaes = torch.empty_like(rewards)

    gaes[-1].copy_(deltas[-1])
    for t in reversed(range(rewards.size(0) - 1)):
        gaes[t].copy_(deltas[t] + gamma * lambd * (1 - dones[t]) * gaes[t + 1])

    targets = gaes + values[:-1]
    return targets, (gaes - gaes.mean()) / (gaes.std() + 1e-8)
