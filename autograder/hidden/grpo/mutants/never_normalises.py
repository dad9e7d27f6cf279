"""Ignores normalize_std."""
HINT = "normalize_std=True was ignored: divide by the group's std + eps"


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    return rewards - rewards.mean(dim=1, keepdim=True)
