"""clipped_surrogate that clamps the ratio to the band [0.75, 1.25] written out (the bounds of a
script's clip of 0.25, as `ratio.clamp(0.8, 1.2)` is often written for 0.2), whatever clip_eps is
passed; the products in float32."""
CAUSE = r"(?=.*clip_eps. (is )?fixed at 0\.25)(?=.*1\.25 \(1 \+ 0\.25\)|.*0\.75 \(1 - 0\.25\))"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    r = ratio.float()
    a = advantages.float()
    surr = torch.min(r * a, r.clamp(0.75, 1.25) * a)
    return surr.to(ratio.dtype)
