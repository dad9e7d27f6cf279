"""Takes the mean over dim 0 (across prompts) instead of over each group's responses."""
HINT = "a group is a ROW (one prompt's G responses): take the mean over dim 1, not dim 0"


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=0, keepdim=True)
    if normalize_std:
        centred = centred / (rewards.std(dim=0, unbiased=False, keepdim=True) + eps)
    return centred
