"""A callable object holding its default epsilon."""
import torch


class ClippedSurrogate:
    def __init__(self, default_eps=0.2):
        self.default_eps = default_eps

    def __call__(self, ratio, advantages, clip_eps=None):
        eps = self.default_eps if clip_eps is None else clip_eps
        return torch.minimum(ratio * advantages,
                             torch.clamp(ratio, 1 - eps, 1 + eps) * advantages)


clipped_surrogate = ClippedSurrogate()
