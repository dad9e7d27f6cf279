"""clamp of r * A between (1 - eps) A and (1 + eps) A."""
import torch

CAUSE = r"clamps the product r \* A between"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    surr1 = ratio * advantages
    surr2 = torch.clamp(surr1, (1 - clip_eps) * advantages, (1 + clip_eps) * advantages)
    return torch.min(surr1, surr2)
