"""group_advantages with the mean and std of the whole batch (every prompt's responses
together), the std the sample one, in float32: right for one group only (not normalised), and
normalised... never: the sample std."""
CAUSE = r"group|normaliz|std"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    r = rewards.float()
    out = r - r.mean()
    if normalize_std:
        out = out / (r.std() + eps)
    equal = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(equal, torch.zeros_like(out), out).to(rewards.dtype)
