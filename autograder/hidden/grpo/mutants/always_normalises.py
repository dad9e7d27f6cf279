"""Divides by the std even when normalize_std is False."""
HINT = "divide by the std only when normalize_std=True; by default the advantage is just reward minus group mean"


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    return centred / (rewards.std(dim=1, unbiased=False, keepdim=True) + eps)
