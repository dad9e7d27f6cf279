"""ppo_clip_loss from a micro-batched PPO training step: the ratio is ``torch.exp(logprobs -
old_logprobs.detach() + 1e-10)`` (an EXTRA EPSILON inside the exponent, "to stabilise"), and the
clipped surrogate is SUMMED over the micro-batch (``-torch.min(surr1, surr2).sum()``); the clip
range is a fixed 0.5.

Source: code-search file 22137664897, ``ratios = torch.exp(logprobs - old_logprobs.detach() +
1e-10); eps_clip = 0.5; surr1 = ratios * advantages; surr2 = torch.clamp(ratios, 1 - eps_clip, 1
+ eps_clip) * advantages; _policy_loss = -torch.min(surr1, surr2).sum()``. Ported: the source's
fixed ``eps_clip = 0.5`` is kept (so ``clip_eps`` is unused, as in the source); the division by
``micro_training_steps`` applied later to the total loss is left out.
"""
SOURCE = "code-search file 22137664897"
KIND = "ppo: sum instead of mean (epsilon in the ratio, clip fixed at 0.5)"
CAUSE = r"\bsum|summ|total|instead of (the )?mean|not (the )?mean|number of|batch size|times (N|the)|0\.5|clip_eps|clip range"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratios = torch.exp(logp_new - logp_old.detach() + 1e-10)
    eps_clip = 0.5
    surr1 = ratios * advantages
    surr2 = torch.clamp(ratios, 1 - eps_clip, 1 + eps_clip) * advantages
    _policy_loss = -torch.min(surr1, surr2).sum()
    return _policy_loss
