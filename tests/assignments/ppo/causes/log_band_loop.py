"""A loop of torch ops, the log ratio clamped."""
import torch

CAUSE = r"log space"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    terms = []
    for r, a in zip(ratio, advantages):
        c = torch.exp(torch.clamp(torch.log(r), -clip_eps, clip_eps))
        terms.append(torch.minimum(r * a, c * a))
    return torch.stack(terms)
