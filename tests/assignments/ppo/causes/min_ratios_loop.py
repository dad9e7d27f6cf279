"""per-sample loop, min of the two ratios."""
import torch

CAUSE = r"min is taken over the ratios before the advantage"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    out = torch.empty_like(ratio)
    for i in range(ratio.shape[0]):
        r = ratio[i]
        r_clip = torch.clamp(r, 1.0 - clip_eps, 1.0 + clip_eps)
        out[i] = torch.minimum(r, r_clip) * advantages[i]
    return out
