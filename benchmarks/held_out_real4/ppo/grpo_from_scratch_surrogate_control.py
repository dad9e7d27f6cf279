"""Control: clipped_surrogate as ``torch.min(ratios * advantages, torch.clamp(ratios, 1 - epsilon,
1 + epsilon) * advantages)``, elementwise: the contract's surrogate.

Source: code-search file 52243936546, a GRPO-from-scratch module's
``clipped_surrogate_objective(ratios, advantages, epsilon)``: ``unclipped = ratios * advantages;
clipped = torch.clamp(ratios, 1 - epsilon, 1 + epsilon) * advantages; return
torch.min(unclipped, clipped)``. Ported: ``epsilon = clip_eps``; the argument names.
"""
SOURCE = "code-search file 52243936546 (clipped_surrogate_objective, elementwise min)"
KIND = "control"
CORRECT = True

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    ratios, epsilon = ratio, clip_eps
    unclipped = ratios * advantages
    clipped = torch.clamp(ratios, 1 - epsilon, 1 + epsilon) * advantages
    return torch.min(unclipped, clipped)
