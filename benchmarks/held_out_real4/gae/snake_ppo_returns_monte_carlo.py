"""compute_gae with no episode ends and no bootstrap (``values + [0.]``: the last row's next
value is 0, V(s_{t+1}) the next row's value), whose returns are the discounted sum of rewards,
not advantages + values; the tensors are rebuilt from Python lists as float32.

Source: code-search file 917637226, ``get_advantages_and_returns(rewards, values, gamma, lam)``:
``rewards = torch.tensor(rewards, dtype=torch.float)``; ``values = torch.tensor(values + [0.])``;
``deltas = rewards + gamma * values[1:] - values[:-1]``; ``advs = inv_discount_cumsum(deltas, gamma
* lam)``; ``rets = inv_discount_cumsum(rewards, gamma)``, with ``inv_discount_cumsum(array, d)``:
``res = [array[-1]]; for x in torch.flip(array, dims=[0])[1:]: res.append(d * res[-1] + x);
return torch.flip(torch.stack(res), dims=[0])``. Ported: the inputs are ``.tolist()``-ed as the
source receives lists; returns tensors instead of ``.tolist()``; one environment, as the source's lists are (a ``(T, N)`` input does not go through its ``values + [0.]``).
"""
SOURCE = "code-search file 917637226 (get_advantages_and_returns, returns as discounted rewards)"
KIND = "gae: returns are Monte Carlo (no dones, no bootstrap)"
CAUSE = (r"monte ?carlo|discounted (sum of )?rewards|rewards?-to-go|returns?.{0,60}(advantages? ?\+ ?values?|A ?\+ ?V)|"
         r"terminat|done|episode (end|boundar)|across|next row|values\[t ?\+ ?1\]|shift|next_values|"
         r"bootstrap|truncat|last step|float32|precision")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    def inv_discount_cumsum(array, discount_factor):
        res = [array[-1]]
        for x in torch.flip(array, dims=[0])[1:]:
            res.append(discount_factor * res[-1] + x)
        return torch.flip(torch.stack(res), dims=[0])

    rewards = torch.tensor(rewards.tolist(), dtype=torch.float)
    values = torch.tensor(values.tolist() + [0.])
    deltas = rewards + gamma * values[1:] - values[:-1]
    advs = inv_discount_cumsum(deltas, gamma * lam)
    rets = inv_discount_cumsum(rewards, gamma)
    return advs, rets
