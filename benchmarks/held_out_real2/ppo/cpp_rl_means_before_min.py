"""ppo_clip_loss averages each surrogate over the batch BEFORE the min (``surr_1 = ratio *
mean(A)``, ``surr_2 = mean(clip(r) A)``), and first "normalises" the advantages with a
misplaced parenthesis, ``A - mean(A) / (std(A) + 1e-5)``: the min is no longer taken per sample.

Source: https://github.com/Omegastick/pytorch-cpp-rl/issues/14 (src/algorithms/ppo.cpp,
``PPO::update``; the maintainer confirms both as typos): ``advantages = (advantages -
advantages.mean() / (advantages.std() + 1e-5));``, ``auto surr_1 = ratio *
mini_batch.advantages.mean(); auto surr_2 = (torch::clamp(ratio, 1.0 - clip_param, 1.0 +
clip_param) * mini_batch.advantages).mean(); auto action_loss = -torch::min(surr_1,
surr_2).mean();``. Ported: libtorch -> torch (``std`` unbiased in both), one minibatch.
"""
SOURCE = "https://github.com/Omegastick/pytorch-cpp-rl/issues/14"
KIND = "ppo: means before the min"
CAUSE = (r"(mean|averag)\w*.{0,40}before.{0,20}min|per.sample|each sample|"
         r"advantages?.{0,30}(averaged|mean)|mean\(A\)|normali[sz]|standardi[sz]|parenthes")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    advantages = (advantages - advantages.mean() / (advantages.std() + 1e-5))
    ratio = torch.exp(logp_new - logp_old.detach())
    surr_1 = ratio * advantages.detach().mean()
    surr_2 = (torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * advantages.detach()).mean()
    action_loss = -torch.min(surr_1, surr_2).mean()
    return action_loss
