"""product clipped with torch.where."""
import torch

CAUSE = r"clip is applied to the product"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    s = ratio * advantages
    c = torch.where(s > 1 + clip_eps, torch.full_like(s, 1 + clip_eps), s)
    c = torch.where(c < 1 - clip_eps, torch.full_like(s, 1 - clip_eps), c)
    return torch.where(s < c, s, c)
