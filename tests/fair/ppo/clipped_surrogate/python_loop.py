"""One sample at a time with Python's min and max, stacked."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    out = []
    for r, a in zip(ratio, advantages):
        clipped = max(min(r, 1 + clip_eps), 1 - clip_eps)
        out.append(min(r * a, clipped * a))
    return torch.stack(out)
