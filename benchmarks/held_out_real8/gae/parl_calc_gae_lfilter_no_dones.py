"""compute_gae from a deep-RL library's utilities: the TD errors use the next row of ``values``
(the last one ``next_value``), and the advantages are their discounted sum with ``gamma * lam``
(``scipy.signal.lfilter`` run on the reversed sequence); the function is for one episode, so no
done flag is looked at: neither a termination nor a truncation stops anything.

Source: code-search file 30990710173, ``def calc_gae(rewards, values, next_value, gamma, lam): tds
= rewards + gamma * np.append(values[1:], next_value) - values; advantages =
calc_discount_sum_rewards(tds, gamma * lam)`` with ``calc_discount_sum_rewards`` =
``scipy.signal.lfilter([1.0], [1.0, -gamma], rewards[::-1])[::-1]``. Ported: ``next_value`` is the
last row of ``next_values``; the filter is written as the backward loop it computes; the returns
are the advantages plus the values.
"""
SOURCE = "code-search file 30990710173"
KIND = "gae: one-episode GAE, no dones"
CAUSE = r"terminat|done|episode|across|reset|next_values|next (row|state)|shift"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    tds = rewards + gamma * torch.cat([values[1:], next_values[-1:]]) - values
    advantages = torch.zeros_like(tds)
    acc = torch.zeros_like(tds[0])
    for t in reversed(range(len(tds))):
        acc = tds[t] + gamma * lam * acc
        advantages[t] = acc
    return advantages, advantages + values
