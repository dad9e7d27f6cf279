"""clipped_surrogate whose clip width comes from its own keyword CLIP_RANGE=0.15 (a training
script's setting kept as a default argument), not from clip_eps. Source: the SB3-style
`clip_range` of a port, renamed and left in the signature."""
CAUSE = r"(?=.*clip_eps. (is )?fixed at 0\.15)(?=.*line \d+)"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2, CLIP_RANGE=0.15):
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1.0 - CLIP_RANGE, 1.0 + CLIP_RANGE) * advantages
    return torch.min(surr1, surr2)
