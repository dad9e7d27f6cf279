"""compute_gae as a small RL library writes it for one path: ``nonterminal = int(not (done and t
== T - 1))``, so only the LAST step of the rollout may be terminal; an episode that ends in the
middle of the rollout neither stops the recursion nor drops its bootstrap (the next row of
``values`` is used, which after a reset is the next episode's first state), and truncation is
never told apart.

Source: gwthomas/force gtml/rl/gae.py, ``estimate_advantages_and_value_targets(rewards, done,
values, discount, lam)``: ``for t in reversed(range(T)): nonterminal = int(not (done and t == T -
1)); delta = rewards[t] + discount * values[t+1] * nonterminal - values[t]; lastgaelam = delta +
discount * lam * nonterminal * lastgaelam``; returns ``advantages, advantages + values[:-1]``.
Ported: ``values`` of length T + 1 is ``values`` followed by the last row of ``next_values``;
``done`` (whether the path ended in a terminal state) is the last row of ``terminated``; rows of a
``(T, N)`` batch are handled together; the answers are tensors of the inputs' dtype.
"""
SOURCE = "gwthomas/force gtml/rl/gae.py"
KIND = "gae: episode ends inside the rollout ignored"
CAUSE = r"terminat|done|episode|across|reset|next_values|next (row|state)|boundar"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    discount = gamma
    r = rewards.detach().numpy()
    v = np.concatenate([values.detach().numpy(), next_values.detach().numpy()[-1:]], axis=0)
    done = terminated.numpy()[-1]
    T = len(r)
    advantages = []
    lastgaelam = 0
    for t in reversed(range(T)):
        nonterminal = (~(done & (t == T - 1))).astype(np.float64)
        delta = r[t] + discount * v[t + 1] * nonterminal - v[t]
        lastgaelam = delta + discount * lam * nonterminal * lastgaelam
        advantages.append(lastgaelam)
    advantages = np.array(advantages[::-1])
    adv = torch.as_tensor(advantages).to(values.dtype)
    return adv, torch.as_tensor(advantages + v[:-1]).to(values.dtype)
