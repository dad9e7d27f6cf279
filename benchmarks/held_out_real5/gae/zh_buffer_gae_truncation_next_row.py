"""compute_gae that separates the two flags the right way round for the recursion (it stops at
either), but takes the next state's value from the NEXT ROW of ``values`` (``values[t + 1] * (1 -
terminated)``), which after a truncation is the value of the reset observation, not
``next_values[t]``; and the last step never bootstraps (``next_value = 0`` there).

Source: code-search file 15253466779, a PPO buffer's advantage computation ("如果下一步是 truncated
而不是 terminated，仍然要 bootstrap"): ``if t == T - 1: next_nonterminal = 0.0; next_value = 0.0
else: next_nonterminal = 1.0 - (terminateds[t] or truncateds[t]); next_value = values[t + 1] *
(1.0 - terminateds[t])``; ``delta = rewards[t] + self.gamma * next_value - values[t];
advantages[t] = last_gae_lam = delta + self.gamma * self.gae_lambda * next_nonterminal *
last_gae_lam``; ``returns = advantages + values``. Ported: the flags cast to the rewards' dtype and
``or`` written ``|`` (so a ``(T, N)`` row works); ``next_values`` accepted and unused.
"""
SOURCE = "code-search file 15253466779 (PPO buffer GAE, values[t + 1] * (1 - terminated))"
KIND = "gae: next row of values, no bootstrap at the end"
CAUSE = r"truncat|bootstrap|next_values|values\[t ?\+ ?1\]|next (row|state)|shift|reset observation|last step"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    gae_lambda = lam
    T = len(rewards)
    advantages = torch.zeros_like(rewards)
    last_gae_lam = 0
    for t in reversed(range(T)):
        if t == T - 1:
            next_nonterminal = 0.0
            next_value = 0.0
        else:
            next_nonterminal = 1.0 - (terminated[t] | truncated[t]).to(rewards.dtype)
            next_value = values[t + 1] * (1.0 - terminated[t].to(rewards.dtype))
        delta = rewards[t] + gamma * next_value - values[t]
        advantages[t] = last_gae_lam = delta + gamma * gae_lambda * next_nonterminal * last_gae_lam
    returns = advantages + values
    return advantages, returns
