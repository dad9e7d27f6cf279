"""ppo_clip_loss that clamps the first surrogate (ratio * A) instead of the ratio, then
multiplies by the advantage again: ``surr2 = clamp(r * A, 1 - eps, 1 + eps) * A``, so the
"clipped" term is a clamped product times A (A squared where r A lies in the band).

Source: code-search file 41633442056 (a minimalRL-style CartPole PPO, ``train_net``): ``ratio =
torch.exp(torch.log(pi_a) - torch.log(prob_a))``, ``surr1 = ratio * advantage``, ``surr2 =
torch.clamp(surr1, 1 - eps_clip, 1 + eps_clip) * advantage``, ``loss = -torch.min(surr1,
surr2).mean() + F.mse_loss(...)``. Ported: the policy part; ``log(pi_a) - log(prob_a)`` is
``logp_new - logp_old`` (``prob_a`` was stored at rollout: detached), the advantage a constant.
"""
SOURCE = "code-search file 41633442056 (PPO.train_net, clamp of surr1)"
KIND = "ppo: clamp of the surrogate, not of the ratio"
CAUSE = (r"clamp\w*.{0,40}(surr|product|r ?\* ?A|ratio ?\* ?adv)|clip\w*.{0,40}(surr|product|objective)|"
         r"instead of (the )?ratio|not the ratio|twice|squared|A\^?2|advantage.{0,20}again")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    advantage = advantages.detach()
    ratio = torch.exp(logp_new - logp_old.detach())
    surr1 = ratio * advantage
    surr2 = torch.clamp(surr1, 1 - clip_eps, 1 + clip_eps) * advantage
    loss = -torch.min(surr1, surr2).mean()
    return loss
