"""Upper clip only, computed in float32."""
import torch

CAUSE = r"upper bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    r, a = ratio.float(), advantages.float()
    return torch.min(r * a, r.clamp(max=1.0 + clip_eps) * a).to(ratio.dtype)
