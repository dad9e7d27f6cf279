"""Log-space band computed in float32."""
import torch

CAUSE = r"log space"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    lr = ratio.float().log().clamp(-clip_eps, clip_eps)
    return torch.min(ratio * advantages, lr.exp().to(ratio.dtype) * advantages)
