"""compute_gae ported from a PPO script: its discount 0.98 written into the recursion (where gamma
belongs), and the advantages standardised before they are returned (torch's sample std, + 1e-8),
the returns computed from the raw advantages first."""
CAUSE = r"(?=.*gamma. (is )?fixed at 0\.98)(?=.*standardi)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    advantages = torch.zeros_like(rewards)
    last = 0.0
    for t in reversed(range(T)):
        nonterminal = 1.0 - terminated[t].to(rewards.dtype)
        cont = 1.0 - (terminated[t] | truncated[t]).to(rewards.dtype)
        delta = rewards[t] + 0.98 * next_values[t] * nonterminal - values[t]
        last = delta + 0.98 * lam * cont * last
        advantages[t] = last
    returns = advantages + values
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    return advantages, returns
