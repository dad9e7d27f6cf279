"""compute_gae ignores every done flag: bootstraps after terminations and lets the recursion
run across episode ends.

Source: rob-pitkin/rl-lib, utils/gae.py, ``calculate_gae``: ``td_errors = rewards + gamma *
next_values - values``; ``gae = gae * gamma * lam + td_errors[t]`` with no reset. Ported: the
function returns (advantages, advantages + values) as the contract asks (the source returns
the advantages only).
"""
SOURCE = "rob-pitkin/rl-lib utils/gae.py (calculate_gae)"
KIND = "gae: recursion across episode ends"
CAUSE = r"terminat|no future|episode (end|boundar)|crossed|leak|1 - done"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    td_errors = rewards + gamma * next_values - values
    adv = torch.zeros_like(rewards)
    gae = 0
    for t in reversed(range(len(td_errors))):
        gae = gae * gamma * lam + td_errors[t]
        adv[t] = gae
    return adv, adv + values
