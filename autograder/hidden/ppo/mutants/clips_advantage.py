"""Clamps the advantage instead of the ratio."""
HINT = "the RATIO is clipped to [1 - eps, 1 + eps], not the advantage"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return torch.min(ratio * advantages,
                     ratio * torch.clamp(advantages, 1.0 - clip_eps, 1.0 + clip_eps))
