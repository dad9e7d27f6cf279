"""product clipped, float32 inside, an extra 1e-9."""
import torch

CAUSE = r"clip is applied to the product"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    s = ratio.float() * advantages.float() + 1e-9
    return torch.min(s, s.clamp(1 - clip_eps, 1 + clip_eps)).to(ratio.dtype)
