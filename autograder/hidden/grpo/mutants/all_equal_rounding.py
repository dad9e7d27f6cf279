"""Leaves all-equal groups to the formula: in float32 the group's mean misses the rewards by a
rounding error, which the tiny std + eps turns into about 0.06 instead of 0."""
HINT = ("an all-equal group must give exactly 0: in float32 its mean can miss the rewards by a "
        "rounding error, and dividing that by a std just as tiny blows it up; set such groups "
        "to 0")


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        centred = centred / (rewards.std(dim=1, unbiased=False, keepdim=True) + eps)
    return centred
