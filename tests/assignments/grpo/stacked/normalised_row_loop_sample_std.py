"""group_advantages in a loop over groups: the mean is right, but the normalisation divides by
the sample std (torch.std's default) plus eps squared, in float32."""
CAUSE = r"normalize_std|std"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    rows = []
    for row in rewards.float():
        adv = row - row.mean()
        if normalize_std and bool((row != row[0]).any()):
            adv = adv / (row.std() + eps * eps)
        if not bool((row != row[0]).any()):
            adv = torch.zeros_like(row)
        rows.append(adv)
    return torch.stack(rows).to(rewards.dtype)
