"""min written with torch.where on the ratios."""
import torch

CAUSE = r"min is taken over the ratios before the advantage"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    clipped = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    smaller = torch.where(ratio < clipped, ratio, clipped)
    return advantages * smaller
