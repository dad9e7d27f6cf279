"""A clip with an upper bound only (clamp(max=...)) and the band's width written as 0.1."""
CAUSE = r"(?=.*upper bound only)(?=.*`clip_eps` is fixed at 0\.1\b)"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    eps = 0.1
    return torch.min(ratio * advantages, ratio.clamp(max=1 + eps) * advantages)
