"""float64 inside, cast back (the gradient flows through both casts)."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    r, a = ratio.to(torch.float64), advantages.to(torch.float64)
    s = torch.min(r * a, torch.clip(r, 1.0 - clip_eps, 1.0 + clip_eps) * a)
    return s.to(ratio.dtype)
