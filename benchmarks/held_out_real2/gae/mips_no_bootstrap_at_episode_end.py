"""compute_gae that ends every episode with A = r - V: wherever the next state starts a new
episode (a termination or a truncation), and at the end of the data, nothing is bootstrapped,
so a truncated step loses gamma * V(s_{t+1}).

Source: sparisi/mips, Library/gae.m: ``t(end+1) = 1;`` then ``if t(k+1) == 1 % Next state is a
new episode init state``: ``A(k) = r(k) - V(k);`` ``else A(k) = r(k) + gamma*V(k+1) - V(k) +
gamma*lambda*A(k+1);``. Ported: MATLAB -> torch; "the next state starts an episode" is
terminated or truncated at step k (and the last step); V(k+1) is the next row's value;
returns = advantages + values.
"""
SOURCE = "sparisi/mips Library/gae.m"
KIND = "gae: no bootstrap at truncation"
CAUSE = r"truncat|bootstrap|next_values|last step|end of the (data|rollout|batch)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    starts_next = torch.cat([(terminated | truncated)[:-1],
                             torch.ones_like(terminated[-1:])])
    A = torch.zeros_like(values)
    for k in range(T - 1, -1, -1):
        if k == T - 1:
            A[k] = rewards[k] - values[k]
        else:
            A[k] = torch.where(starts_next[k], rewards[k] - values[k],
                               rewards[k] + gamma * values[k + 1] - values[k] + gamma * lam * A[k + 1])
    return A, A + values
