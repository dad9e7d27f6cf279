"""Takes the optimistic max of the two terms instead of the pessimistic min."""
HINT = "PPO takes the MIN of the clipped and unclipped terms (the pessimistic bound), not the max"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    clipped = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    return torch.max(ratio * advantages, clipped * advantages)
