"""A Python loop that clips each ratio from above only."""
import torch

CAUSE = r"upper bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    out = []
    for r, a in zip(ratio, advantages):
        c = torch.minimum(r, torch.tensor(1 + clip_eps, dtype=r.dtype))
        out.append(torch.minimum(r * a, c * a))
    return torch.stack(out)
