"""GAE that hands back ``(returns, advantages)`` in that order and whose "returns" are the one-step
TD targets ``delta + values`` instead of ``advantages + values``; the recursion is cut at
terminations only (a truncation does not stop it), and the running sum starts as a float32
``torch.zeros(1)``.

Source: code-search file 14416567277, ``def discount(rewards, termination_flags, gamma): returns =
torch.zeros_like(rewards); cumulative_sum = torch.zeros(1); for i in range(len(rewards) - 1, -1,
-1): cumulative_sum *= (1 - termination_flags[i]) * gamma; cumulative_sum += rewards[i];
returns[i] = cumulative_sum``; ``def gae_mine(rewards, values, values_next, termination_flags,
lmbda, gamma): delta = rewards + gamma * values_next * (1 - termination_flags) - values;
advantages = discount_rewards(delta, termination_flags, gamma=gamma * lmbda).returns; returns =
delta + values; return returns, advantages``. Ported: ``discount_rewards(...).returns`` is the
file's own ``discount``; ``values_next`` is ``next_values``, ``termination_flags`` is
``terminated`` as floats of the values' dtype; the ``(T, N)`` case keeps a running sum per
column; the pair is returned in the source's order.
"""
SOURCE = "code-search file 14416567277 (gae_mine, returns first, delta + values)"
KIND = "gae: (returns, advantages) swapped, one-step returns"
CAUSE = r"swap|order|first|returns?.*(advantage|delta)|td target|one.step|delta ?\+ ?values|truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    def discount(rewards, termination_flags, gamma):
        returns = torch.zeros_like(rewards)
        cumulative_sum = torch.zeros(rewards.shape[1:] or (1,))
        for i in range(len(rewards) - 1, -1, -1):
            cumulative_sum = cumulative_sum * ((1 - termination_flags[i]) * gamma)
            cumulative_sum = cumulative_sum + rewards[i]
            returns[i] = cumulative_sum
        return returns

    termination_flags = terminated.to(values.dtype)
    lmbda = lam
    delta = rewards + gamma * next_values * (1 - termination_flags) - values
    advantages = discount(delta, termination_flags, gamma=gamma * lmbda)
    returns = delta + values
    return returns, advantages
