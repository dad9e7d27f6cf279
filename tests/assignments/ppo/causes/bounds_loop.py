"""per-sample torch.clamp with the product's bounds."""
import torch

CAUSE = r"clamps the product r \* A between"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    vals = []
    for r, a in zip(ratio, advantages):
        s = r * a
        vals.append(torch.min(s, torch.clamp(s, (1 - clip_eps) * a, (1 + clip_eps) * a)))
    return torch.stack(vals)
