"""ppo_clip_loss from an n-step bootstrapped continuous-control PPO: the ratio is a ratio of
PROBABILITIES with an epsilon (``new_probs / (old_probs + 1e-6)``, the old ones stored as float32),
and the objective is ``mean(advantages * min(ratio, ratio_clip))``: the minimum is taken of the two
RATIOS before multiplying by the advantage, which is the clipped objective only where the
advantage is positive (for a negative one it picks the smaller product's opposite branch).

Source: code-search file 29967746366, ``old_probs = torch.from_numpy(...).float()...; ratio =
new_probs / (old_probs + 1e-6); ratio_clip = torch.clamp(ratio, 1 - self.epsilon, 1 +
self.epsilon); action_gain = torch.mean(advantages * torch.min(ratio, ratio_clip)); loss = -
action_gain``. Ported: the probabilities are ``exp`` of the log-probs; ``self.epsilon`` is
``clip_eps``; the advantages are treated as constants (they come from the critic under
``no_grad``).
"""
SOURCE = "code-search file 29967746366"
KIND = "ppo: min of the ratios, times the advantage"
CAUSE = r"negative advantage|sign of the advantage|advantage.{0,40}negative|min(imum)? of the (two )?ratios|ratios? before|pessimistic|wrong branch|clip.{0,30}negative"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    new_probs = torch.exp(logp_new)
    old_probs = torch.exp(logp_old.detach()).float()
    advantages = advantages.detach()
    ratio = new_probs / (old_probs + 1e-6)
    ratio_clip = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    action_gain = torch.mean(advantages * torch.min(ratio, ratio_clip))
    loss = -action_gain
    return loss
