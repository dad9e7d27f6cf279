"""ppo_clip_loss from a multi-role PPO's manual clip loss: before the clipped objective, the loss
STANDARDISES the advantages it is given (``(adv - adv.mean()) / adv.std().clamp_min(1e-8)``,
sample std), then returns ``-min(ratio * adv, clip(ratio) * adv).mean()``.

Source: code-search file 55545747506, ``adv = advantages.squeeze(-1); # Normalise advantages;
adv_mean = adv.mean(); adv_std = adv.std().clamp_min(1e-8); adv = (adv - adv_mean) / adv_std;
ratio = (new_log_probs - old_log_probs).exp(); surr1 = ratio * adv; surr2 = ratio.clamp(1.0 -
clip_eps, 1.0 + clip_eps) * adv; policy_loss = -torch.min(surr1, surr2).mean()``. Ported: only
the policy loss is returned (the entropy term and the metrics dictionary are left out); the
advantages have no trailing dimension to squeeze; the old log-probs and advantages are detached.
"""
SOURCE = "code-search file 55545747506"
KIND = "ppo: advantages standardised inside the loss"
CAUSE = r"normali[sz]|standardi[sz]|std|standard deviation|z.?score|rescal|scale"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach()
    adv_mean = adv.mean()
    adv_std = adv.std().clamp_min(1e-8)
    adv = (adv - adv_mean) / adv_std
    ratio = (logp_new - logp_old.detach()).exp()
    surr1 = ratio * adv
    surr2 = ratio.clamp(1.0 - clip_eps, 1.0 + clip_eps) * adv
    policy_loss = -torch.min(surr1, surr2).mean()
    return policy_loss
