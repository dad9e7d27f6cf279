"""Takes the group means without ``keepdim=True``: the (P,) means broadcast against the columns
of the (P, G) rewards (an error when P != G, the wrong means when P == G)."""
HINT = "rewards.mean(dim=1) has shape (P,), which broadcasts along the other axis of the (P, G) rewards: keep the group axis (keepdim=True) so that each row subtracts its own mean"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=False)
    if normalize_std:
        std = rewards.std(dim=1, unbiased=False, keepdim=True)
        centred = centred / (std + eps)
    all_equal = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(all_equal, torch.zeros_like(centred), centred)
