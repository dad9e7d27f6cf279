"""A correct clipped_surrogate whose source writes 0.2, the value of clip_eps the grader often
passes, as a fallback (`0.2 if clip_eps is None else clip_eps`) and 0.8 / 1.2 in a comment's
example: its constants equal values the grader passes, and it must get no cause."""
CORRECT = True

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    eps = 0.2 if clip_eps is None else float(clip_eps)
    low, high = 1.0 - eps, 1.0 + eps        # e.g. (0.8, 1.2)
    clipped = torch.clamp(ratio, low, high)
    return torch.min(ratio * advantages, clipped * advantages)
