"""compute_gae from a small PPO module: the advantages are written into ``t.zeros(T)``, a float32
buffer whatever the inputs' dtype; one ``dones`` flag stops both the bootstrap and the recursion, so
a truncated step does not bootstrap either; the next state's value is the next row of ``values``
(``next_value`` only after the last step).

Source: code-search file 46677084018, ``@t.no_grad() def compute_gae(rewards, dones, values,
next_value, gamma=0.99, lam=0.95): T = len(rewards); adv = t.zeros(T, device=values.device);
last_gae = 0.0; for t_ in reversed(range(T)): nonterminal = 1.0 - dones[t_]; delta = rewards[t_] +
gamma * next_value * nonterminal - values[t_]; last_gae = delta + gamma * lam * nonterminal *
last_gae; adv[t_] = last_gae; next_value = values[t_]; returns = values + adv; return adv,
returns``. Ported: ``dones`` is ``terminated | truncated`` as floats of the values' dtype,
``next_value`` is the last row of ``next_values``; the buffer takes the rows' shape (``t.zeros``
of ``rewards.shape``, still float32).
"""
SOURCE = "code-search file 46677084018 (compute_gae with adv = t.zeros(T))"
KIND = "gae: float32 buffer, truncation as termination"
CAUSE = r"float32|single precision|precision|truncat|bootstrap|next_values|next (row|state)"

import torch as t


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    with t.no_grad():
        dones = (terminated | truncated).to(values.dtype)
        next_value = next_values[-1]
        T = len(rewards)
        adv = t.zeros(rewards.shape, device=values.device)
        last_gae = 0.0
        for t_ in reversed(range(T)):
            nonterminal = 1.0 - dones[t_]
            delta = rewards[t_] + gamma * next_value * nonterminal - values[t_]
            last_gae = delta + gamma * lam * nonterminal * last_gae
            adv[t_] = last_gae
            next_value = values[t_]
        returns = values + adv
        return adv, returns
