"""Control: compute_gae with gymnasium's two flags, written as a reset: ``delta = r + gamma *
next_values[t] * (1 - terminated) - V``, the running advantage set to 0 when step t terminated
or was truncated, then ``last = delta + gamma * lam * (1 - terminated) * last``: exactly the
contract's recursion (a truncated step bootstraps from ``next_values`` and nothing flows across
an episode's end).

Source: code-search file 67210005494, a PPO agent's rollout-and-advantage method: ``delta =
(rewards[t] + self.discount_factor * next_values[t] * (1.0 - terminateds[t]) - values[t]); if
terminateds[t] or truncateds[t]: last_advantage = 0.0; last_advantage = (delta +
self.discount_factor * self.gae_lambda * (1.0 - terminateds[t]) * last_advantage); advantages[t]
= last_advantage``. Ported: the flags are cast to the rewards' dtype and the reset written with
``torch.where`` so that each column of a ``(T, N)`` batch resets on its own (the source's ``or``
works on one episode); returns are the advantages plus ``values``.
"""
SOURCE = "code-search file 67210005494 (PPO agent advantages, last_advantage reset on done)"
KIND = "control"
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    discount_factor, gae_lambda = gamma, lam
    terminateds = terminated.to(rewards.dtype)
    num_steps = len(rewards)
    advantages = [None] * num_steps
    last_advantage = torch.zeros_like(rewards[0])
    for t in reversed(range(num_steps)):
        delta = (
            rewards[t]
            + discount_factor * next_values[t] * (1.0 - terminateds[t])
            - values[t]
        )
        last_advantage = torch.where(terminated[t] | truncated[t],
                                     torch.zeros_like(last_advantage), last_advantage)
        last_advantage = (
            delta
            + discount_factor
            * gae_lambda
            * (1.0 - terminateds[t])
            * last_advantage
        )
        advantages[t] = last_advantage
    advantages = torch.stack(advantages)
    return advantages, advantages + values
