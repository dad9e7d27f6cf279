"""A control: compute_gae from an agent class's static ``GAE`` method: the bootstrap is cut by
``terminated`` only, from ``next_values[t]``, and the recursion by ``done = terminated |
truncated``; only the advantages are returned (the caller adds the values).

Source: code-search file 63331353495, ``def GAE(discount, gaeLambda, rewards, values, next_values,
terminated, truncated): done = terminated | truncated; adv = torch.zeros_like(values); advantage =
0; for t in reversed(range(len(rewards))): delta = rewards[t] + discount * next_values[t] * (1 -
terminated[t]) - values[t]; adv[t] = advantage = delta + discount * gaeLambda * (1 - done[t]) *
advantage; return adv``. Ported: the boolean flags are converted to the values' dtype before the
arithmetic (``1 - bool tensor`` is an error in torch); the pair is ``(adv, adv + values)``.
"""
SOURCE = "code-search file 63331353495"
KIND = "control: GAE with separate termination and done masks"
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    done = (terminated | truncated).to(values.dtype)
    terminated = terminated.to(values.dtype)
    adv = torch.zeros_like(values)
    advantage = 0
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * next_values[t] * (1 - terminated[t]) - values[t]
        adv[t] = advantage = delta + gamma * lam * (1 - done[t]) * advantage
    return adv, adv + values
