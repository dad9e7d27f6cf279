"""Lower clip only, in float32."""
import torch

CAUSE = r"lower bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    r = ratio.to(torch.float32)
    a = advantages.to(torch.float32)
    return torch.minimum(r * a, torch.clamp(r, min=1 - clip_eps) * a).to(ratio.dtype)
