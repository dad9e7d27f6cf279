"""Asserts from the docstring; a keyword-only dual clip of the student's own, off by default."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2, *, dual_clip=None):
    assert ratio.shape == advantages.shape and ratio.dim() == 1, "(B,) and (B,)"
    assert clip_eps >= 0
    surrogate = torch.min(ratio * advantages, ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages)
    if dual_clip is not None:
        surrogate = torch.where(advantages < 0, torch.max(surrogate, dual_clip * advantages),
                                surrogate)
    return surrogate
