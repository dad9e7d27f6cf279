"""Clips with 0.2 whatever clip_eps is given."""
HINT = "clip_eps was ignored: clip to [1 - clip_eps, 1 + clip_eps], not a fixed 0.2"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return torch.min(ratio * advantages, torch.clamp(ratio, 0.8, 1.2) * advantages)
