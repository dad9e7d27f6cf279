"""ppo_clip_loss that rebuilds the advantages as a float32 tensor (``Rune.create device
Rune.float32 [|n|] advantages``) before the clipped surrogate: for float64 inputs the advantages
are rounded to float32 (the answer then misses the float64 tolerance).

Source: raven-ml/raven, dev/fehu/example/sokoban/workshop/slide7.ml (OCaml),
``compute_clipped_loss old_log_probs new_log_probs advantages epsilon``: ``ratios = Rune.exp
(Rune.sub new_log_probs old_log_probs)``; ``clipped_ratios = clip_ratio ratios epsilon`` (``Rune.clip
~min:(1 - eps) ~max:(1 + eps)``); ``adv_tensor = Rune.create device Rune.float32 [|Array.length
advantages|] advantages``; ``obj1 = Rune.mul ratios adv_tensor``; ``obj2 = Rune.mul
clipped_ratios adv_tensor``; ``Rune.neg (Rune.mean (Rune.minimum obj1 obj2))``. Ported to torch:
the OCaml array of advantages is ``advantages.tolist()``; torch promotes the float32 advantages
back to the ratios' dtype in the products.
"""
SOURCE = "raven-ml/raven dev/fehu/example/sokoban/workshop/slide7.ml (compute_clipped_loss)"
KIND = "ppo: float32 advantages"
CAUSE = r"float32|single precision|precision|rounded (to|in) float32|float32 rounding|dtype|float64|double"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    epsilon = clip_eps
    log_ratios = logp_new - logp_old
    ratios = torch.exp(log_ratios)
    clipped_ratios = torch.clamp(ratios, 1.0 - epsilon, 1.0 + epsilon)
    adv_tensor = torch.tensor(advantages.tolist(), dtype=torch.float32)
    obj1 = ratios * adv_tensor
    obj2 = clipped_ratios * adv_tensor
    clipped_obj = torch.minimum(obj1, obj2)
    return -torch.mean(clipped_obj)
