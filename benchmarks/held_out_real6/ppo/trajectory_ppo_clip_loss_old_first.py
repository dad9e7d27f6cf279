"""ppo_clip_loss written with the OLD log-probs as its first parameter, ``ppo_clip_loss(old_logprobs,
new_logprobs, advantages, clip)``: called as the contract calls it (the current policy's log-probs
first), the ratio it forms is ``exp(logp_old - logp_new)``, the inverse of the PPO ratio; the rest
(clamp, minimum of the products, minus the mean) is right.

Source: code-search file 44624711661, a trajectory-based PPO script: ``def
ppo_clip_loss(old_logprobs, new_logprobs, advantages, clip = 0.2): ratio = (new_logprobs -
old_logprobs).exp(); unclipped = ratio * advantages; clipped = torch.clamp(ratio, 1 - clip, 1 +
clip) * advantages; return -torch.min(unclipped, clipped).mean()``. Ported: the parameters keep
the source's positional order under the contract's signature (the first argument is taken as
``old_logprobs``), ``clip`` is ``clip_eps``.
"""
SOURCE = "code-search file 44624711661 (ppo_clip_loss(old_logprobs, new_logprobs, ...))"
KIND = "ppo: arguments in the wrong order (ratio inverted)"
CAUSE = r"swap|order|revers|invert|old.*(first|new)|new.*old|1 ?/ ?ratio|exp\(logp_old|argument"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    old_logprobs, new_logprobs, clip = logp_new, logp_old, clip_eps
    ratio = (new_logprobs - old_logprobs).exp()
    unclipped = ratio * advantages
    clipped = torch.clamp(ratio, 1 - clip, 1 + clip) * advantages
    return -torch.min(unclipped, clipped).mean()
