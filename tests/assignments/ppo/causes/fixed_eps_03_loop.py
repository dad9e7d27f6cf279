"""a loop with the band [0.7, 1.3]."""
import torch

CAUSE = r"clip uses eps 0\.3"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    out = torch.zeros_like(ratio)
    for i in range(ratio.numel()):
        r = ratio[i].clamp(0.7, 1.3)
        out[i] = torch.min(ratio[i] * advantages[i], r * advantages[i])
    return out
