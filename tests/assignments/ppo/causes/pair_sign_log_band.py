"""Log-space band, and the loss's minus written into the surrogate."""
import torch

CAUSE = r"log space.*besides, the sign"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    c = torch.exp(torch.clamp(torch.log(ratio), -clip_eps, clip_eps))
    return -torch.min(ratio * advantages, c * advantages)
