"""Clips the advantages to [-eps, eps] instead of the ratio to [1 - eps, 1 + eps] (a misread
of the formula), written as an elementwise loop of Python floats."""
CAUSE = r"clip"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    out = []
    for r, a in zip(ratio.tolist(), advantages.tolist()):
        a_c = min(max(a, -clip_eps), clip_eps)
        out.append(min(r * a, r * a_c))
    return torch.tensor(out, dtype=ratio.dtype)
