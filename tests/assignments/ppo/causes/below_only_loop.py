"""A loop of torch ops clipping from below only."""
import torch

CAUSE = r"lower bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    out = []
    floor = torch.tensor(1 - clip_eps, dtype=ratio.dtype)
    for i in range(ratio.shape[0]):
        r, a = ratio[i], advantages[i]
        out.append(torch.min(r * a, torch.max(r, floor) * a))
    return torch.stack(out)
