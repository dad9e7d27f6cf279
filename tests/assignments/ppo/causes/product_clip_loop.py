"""loop, product clipped."""
import torch

CAUSE = r"clip is applied to the product"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    out = []
    for i in range(len(ratio)):
        s = ratio[i] * advantages[i]
        out.append(torch.minimum(s, torch.clamp(s, 1 - clip_eps, 1 + clip_eps)))
    return torch.stack(out)
