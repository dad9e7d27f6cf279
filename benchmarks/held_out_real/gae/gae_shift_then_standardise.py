"""compute_gae walks ``next_value = values[t]`` backwards (the next row's value), cuts at every
done, and standardises the advantages before returning them.

Source: public code in the code-search corpus (file id 70235561792, a PPO training script; the
index does not name its repository): ``nonterminal = 1.0 - dones[t]; delta = rewards[t] + gamma *
next_value * nonterminal - values[t]; ...; next_value = values[t]``, then ``returns = advantages
+ values; advantages = (advantages - advantages.mean()) / (advantages.std(unbiased=False) +
1e-8)``. Ported: dones is terminated or truncated; the first next_value is next_values[-1];
the pair is returned in the contract's order.
"""
SOURCE = "code-search file 70235561792 (compute_gae + ppo_update)"
KIND = "gae: advantages standardised + next row's value"
CAUSE = r"standardi|normali|values\[t ?\+ ?1\]|next row|reset observation|use next_values|truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    last_gae = 0.0
    next_value = next_values[-1]
    for t in reversed(range(rewards.shape[0])):
        nonterminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * next_value * nonterminal - values[t]
        last_gae = delta + gamma * lam * nonterminal * last_gae
        advantages[t] = last_gae
        next_value = values[t]
    returns = advantages + values
    advantages = (advantages - advantages.mean()) / (advantages.std(unbiased=False) + 1e-8)
    return advantages, returns
