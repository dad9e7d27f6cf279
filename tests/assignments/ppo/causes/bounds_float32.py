"""bounds clamp on a float32 product."""
import torch

CAUSE = r"clamps the product r \* A between"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    s = (ratio.float() * advantages.float()).to(ratio.dtype)
    return torch.minimum(s, s.clamp((1 - clip_eps) * advantages, (1 + clip_eps) * advantages))
