"""ppo_clip_loss from a multi-agent PPO's ``ppo_update`` that clamps ``surr1`` (the product
``ratio * A``) and multiplies the clamped value by the advantage again: ``surr2 =
clamp(ratio * A, 1 - eps, 1 + eps) * A``.

Source: code-search file 36097111075 (``ppo_update``): ``ratio = (log_probs -
log_probs_old[b]).exp() # pnew / pold``, ``surr1 = ratio * advantages[b]``, ``surr2 =
torch.clamp(surr1, 1.0 - args.ppo_clip, 1.0 + args.ppo_clip) * advantages[b]``, ``policy_surr =
-torch.min(surr1, surr2).mean() - (entropy * coefficient).mean()``. Ported: the clipped part of
``policy_surr`` (the entropy bonus is not part of the contract's loss); ``log_probs_old`` comes
from the rollout (detached).
"""
SOURCE = "code-search file 36097111075 (ppo_update, clamp of surr1)"
KIND = "ppo: clamp of the surrogate, not of the ratio"
CAUSE = (r"clamp\w*.{0,40}(surr|product|r ?\* ?A|ratio ?\* ?adv)|clip\w*.{0,40}(surr|product|objective)|"
         r"instead of (the )?ratio|not the ratio|twice|squared|A\^?2|advantage.{0,20}again")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = (logp_new - logp_old.detach()).exp()
    surr1 = ratio * advantages.detach()
    surr2 = torch.clamp(surr1, 1.0 - clip_eps, 1.0 + clip_eps) * advantages.detach()
    policy_surr = -torch.min(surr1, surr2).mean()
    return policy_surr
