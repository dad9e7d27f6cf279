"""ppo_clip_loss as a CleanRL-style ``compute_ppo_loss`` computes the policy part: with the usual
``norm_adv`` setting on, the minibatch's advantages are standardised inside the loss, ``(A -
mean(A)) / (std(A) + 1e-8)`` (sample std), before the clipped objective ``max(-A * ratio, -A *
clamp(ratio)).mean()``, so the loss answers for z-scores of the advantages, not the advantages.

Source: code-search file 25279118836, ``def compute_ppo_loss(newlogprob, mblogprob, mb_advantages,
newvalue, mb_values, mb_returns, config): logratio = newlogprob - mblogprob; ratio =
logratio.exp(); ...; if config.training.norm_adv: mb_advantages = (mb_advantages -
mb_advantages.mean()) / (mb_advantages.std() + 1e-8); pg_loss1 = -mb_advantages * ratio; pg_loss2 =
-mb_advantages * torch.clamp(ratio, 1 - config.training.clip_coef, 1 + config.training.clip_coef);
pg_loss = torch.max(pg_loss1, pg_loss2).mean()``. Ported: the policy loss ``pg_loss`` only, with
``norm_adv`` on (CleanRL's default) and ``clip_coef`` as ``clip_eps``.
"""
SOURCE = "code-search file 25279118836 (compute_ppo_loss with norm_adv)"
KIND = "ppo: advantages normalised inside the loss"
CAUSE = r"normali|standardi|z.?score|mean.*std|advantages.*(mean|std)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    norm_adv = True
    logratio = logp_new - logp_old
    ratio = logratio.exp()
    mb_advantages = advantages
    if norm_adv:
        mb_advantages = (mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8)
    pg_loss1 = -mb_advantages * ratio
    pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    pg_loss = torch.max(pg_loss1, pg_loss2).mean()
    return pg_loss
