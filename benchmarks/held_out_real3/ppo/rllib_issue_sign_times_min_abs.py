"""clipped_surrogate as an RLlib issue proposes to "fix" it: ``sign(A) * min(|A| r, |A|
clip(r))``. For a positive advantage that is the contract's value, but for a negative one it is
``A * min(r, clip(r))`` where PPO takes ``A * max(r, clip(r))``: the pessimistic side is lost
(a ratio above 1 + eps is clipped, one below 1 - eps is not).

Source: https://github.com/ray-project/ray/issues/37334 ("[RLlib] PPO surrogate loss incorrectly
clipped"), the proposed code: ``absolute_advantages = torch.abs(advantages)``,
``clamped_logp_ratio = torch.clamp(logp_ratio, 1 - clip_param, 1 + clip_param)``,
``surrogate_loss = torch.sign(advantages) * torch.min(absolute_advantages * logp_ratio,
absolute_advantages * clamped_logp_ratio)``. Ported: ``logp_ratio`` is ``ratio``, ``clip_param``
is ``clip_eps``.
"""
SOURCE = "https://github.com/ray-project/ray/issues/37334"
KIND = "ppo: min taken on |A|, sign applied after"
CAUSE = (r"sign\(|sign of (the )?advantage|absolute|\|A\||negative advantage|A ?< ?0|advantage is negative|"
         r"min.{0,40}(before|ratio)|wrong side|pessimis|max\(r|lower clip|1 ?- ?eps")

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    absolute_advantages = torch.abs(advantages)
    clamped_logp_ratio = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    surrogate_loss = torch.sign(advantages) * torch.min(
        absolute_advantages * ratio, absolute_advantages * clamped_logp_ratio)
    return surrogate_loss
