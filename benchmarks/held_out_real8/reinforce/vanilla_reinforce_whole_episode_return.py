"""discounted_returns from a "vanilla REINFORCE" CartPole agent: one number, the discounted sum of
ALL the episode's rewards from the first step (``discounts = [gamma**i ...]``, ``R = sum(a*b for a,b
in zip(discounts, rewards))``), is used for every step; its own comment says each log-prob is
multiplied by the total discounted reward of the whole episode, not the future one.

Source: code-search file 11101047603, ``discounts = [gamma**i for i in range(len(rewards)+1)]; R =
sum([a*b for a,b in zip(discounts, rewards)]); policy_loss = []; for log_prob in saved_log_probs:
policy_loss.append(-log_prob * R)``. Ported: the return each step's log-prob is weighted with is
returned, one per step.
"""
SOURCE = "code-search file 11101047603"
KIND = "reinforce: whole-episode return at every step"
CAUSE = r"whole|entire|total|every step|same (value|return|number)|G_?0|first step|future|reward.to.go|constant|all (the )?rewards"

import torch


def discounted_returns(rewards, gamma):
    discounts = [gamma ** i for i in range(len(rewards) + 1)]
    R = sum([a * b for a, b in zip(discounts, rewards)])
    return torch.ones_like(rewards) * R
