"""numpy: each group's own mean, but the std of the whole batch (np.std over everything), an
eps of 1e-8 added, float32; all-equal groups zeroed by comparing max and min."""
CAUSE = r"group"

import numpy as np
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    r = rewards.detach().numpy().astype(np.float32)
    adv = r - r.mean(axis=1, keepdims=True)
    if normalize_std:
        adv = adv / (r.std() + eps + 1e-8)
    same = r.max(axis=1, keepdims=True) == r.min(axis=1, keepdims=True)
    adv = np.where(same, 0.0, adv).astype(np.float32)
    return torch.from_numpy(adv).to(rewards.dtype)
