"""clipped_surrogate that returns ``-np.mean(np.minimum(surrogate1, surrogate2))``: the negated
mean over the batch (a scalar loss) instead of the elementwise surrogate, in numpy (no gradient
flows).

Source: code-search file 10147751, a numpy PPO class's ``clipped_surrogate_objective(self,
old_policy, new_policy, advantages)``: ``ratio = new_policy / old_policy; clip_ratio =
np.clip(ratio, 1 - self.clippingThreshold, 1 + self.clippingThreshold); surrogate1 =
np.apply_along_axis(np.multiply, 0, ratio, advantages.T); surrogate2 =
np.apply_along_axis(np.multiply, 0, clip_ratio, advantages.T); return
-np.mean(np.minimum(surrogate1, surrogate2))``. Ported: the ratio comes in (the source divides
the two policies' probabilities); ``clippingThreshold = clip_eps``; the tensors go through numpy
(``.detach().numpy()``) and the answer comes back as a tensor of the ratio's dtype.
"""
SOURCE = "code-search file 10147751 (numpy PPO clipped_surrogate_objective, -mean)"
KIND = "ppo: surrogate negated and averaged"
CAUSE = (r"sign|negat|minus|loss instead|scalar|mean (over|of) the (batch|samples)|averag|reduc|shape|"
         r"elementwise|per[- ]sample|no gradient|gradient (does not|doesn't|cannot) flow|numpy|detach")

import numpy as np
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    clippingThreshold = clip_eps
    dtype = ratio.dtype
    ratio = ratio.detach().numpy()
    advantages = advantages.detach().numpy()
    clip_ratio = np.clip(ratio, 1 - clippingThreshold, 1 + clippingThreshold)
    surrogate1 = np.apply_along_axis(np.multiply, 0, ratio, advantages.T)
    surrogate2 = np.apply_along_axis(np.multiply, 0, clip_ratio, advantages.T)
    return torch.tensor(-np.mean(np.minimum(surrogate1, surrogate2)), dtype=dtype)
