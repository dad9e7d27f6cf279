"""The log ratio clamped to [-eps, eps]."""
import torch

CAUSE = r"log space"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    clipped = torch.exp(torch.clamp(torch.log(ratio), -clip_eps, clip_eps))
    return torch.min(ratio * advantages, clipped * advantages)
