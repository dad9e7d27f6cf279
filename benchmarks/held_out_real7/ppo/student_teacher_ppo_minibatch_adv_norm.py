"""ppo_clip_loss from a student-teacher PPO: each minibatch's advantages are STANDARDISED (minus
their mean, over their unbiased std + 1e-8) inside the update, and the loss is written as the
max of the negated surrogates (which equals the contract's negated min).

Source: code-search file 2487649677, ``mb_advantages = b_advantages[mb_inds]; mb_advantages =
(mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8); surr1 = -mb_advantages *
ratios; surr2 = -mb_advantages * torch.clamp(ratios, 1 - self.eps_clip, 1 + self.eps_clip);
pg_loss_student = torch.max(surr1, surr2).mean()``. Ported: the ratios are ``exp(logp_new -
logp_old)``; the whole batch is one minibatch; ``eps_clip`` is ``clip_eps``.
"""
SOURCE = "code-search file 2487649677"
KIND = "ppo: advantages standardised inside the loss"
CAUSE = r"standardi|normali|std|standard deviation|mean of the advantages|scale"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratios = torch.exp(logp_new - logp_old)
    mb_advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    surr1 = -mb_advantages * ratios
    surr2 = -mb_advantages * torch.clamp(ratios, 1 - clip_eps, 1 + clip_eps)
    return torch.max(surr1, surr2).mean()
