"""The pessimistic bound taken with max instead of min, the ratio clipped in float32 and an
eps added to the ratio (a habit from log-ratio code)."""
CAUSE = r"clip"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    r = ratio.float() + 1e-9
    a = advantages.float()
    clipped = torch.clamp(r, 1 - clip_eps, 1 + clip_eps)
    return torch.max(r * a, clipped * a).to(ratio.dtype)
