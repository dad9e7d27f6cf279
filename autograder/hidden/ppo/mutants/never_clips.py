"""Returns the unclipped objective ratio * A."""
HINT = "the ratio was never clipped: take min(r * A, clip(r, 1 - eps, 1 + eps) * A)"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return ratio * advantages
