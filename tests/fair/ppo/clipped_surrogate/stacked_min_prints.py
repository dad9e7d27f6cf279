"""Both terms stacked and the minimum taken over the new axis; prints the share clipped."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    terms = torch.stack([ratio * advantages,
                         ratio.clamp(min=1 - clip_eps, max=1 + clip_eps) * advantages])
    clipped = (ratio - 1).abs() > clip_eps
    print(f"{clipped.float().mean().item():.0%} of the ratios are outside the band")
    return terms.min(dim=0).values
