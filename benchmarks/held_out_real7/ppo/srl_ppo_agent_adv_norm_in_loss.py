"""ppo_clip_loss from a state-representation-learning framework's ``PPOAgent2.compute_loss_pi``:
with ``advantage_normalization`` on, the advantages are STANDARDISED inside the loss (minus their
mean, over their unbiased std + 1e-5) before the clipped surrogate, so the loss no longer
depends on the advantages' scale or offset.

Source: code-search file 41281875468, ``if self.advantage_norm: adv_std = adv.std() + 1e-5;
adv_mean = adv.mean(); adv_norm = (adv - adv_mean) / adv_std; adv = adv_norm; ... ratio =
torch.exp(logp - logp_old); clip_adv = torch.clamp(ratio, 1 - self.clip_ratio, 1 +
self.clip_ratio) * adv; loss_pi = -(torch.min(ratio * adv, clip_adv)).mean(); kl_div = (logp_old -
logp).mean(); loss_pi += (self.cutoff_coef * (kl_div > 2 * self.max_kl_div) * (kl_div -
self.max_kl_div) ** 2)``. Ported: ``advantage_norm`` is on; the KL cutoff penalty is left out
(its coefficients are configuration values not in the source); ``clip_ratio`` is ``clip_eps``.
"""
SOURCE = "code-search file 41281875468"
KIND = "ppo: advantages standardised inside the loss"
CAUSE = r"standardi|normali|std|standard deviation|mean of the advantages|scale"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages
    adv_std = adv.std() + 1e-5
    adv_mean = adv.mean()
    adv = (adv - adv_mean) / adv_std
    ratio = torch.exp(logp_new - logp_old)
    clip_adv = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv
    loss_pi = -(torch.min(ratio * adv, clip_adv)).mean()
    return loss_pi
