"""Centres the rewards in place, overwriting the caller's tensor."""
HINT = "you modified the rewards tensor in place; compute into a new tensor"


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    std = rewards.std(dim=1, unbiased=False, keepdim=True)
    rewards -= rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        rewards /= std + eps
    return rewards
