"""Takes the group standard deviations without ``keepdim=True``: the (P,) stds broadcast against
the columns of the (P, G) rewards (an error when P != G, the wrong divisors when P == G)."""
HINT = "rewards.std(dim=1) has shape (P,), which broadcasts along the other axis of the (P, G) rewards: keep the group axis (keepdim=True) so that each row is divided by its own std"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        std = rewards.std(dim=1, unbiased=False, keepdim=False)
        centred = centred / (std + eps)
    all_equal = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(all_equal, torch.zeros_like(centred), centred)
