"""ppo_clip_loss with the ratio detached, ``exp(logp_new - logp_old).detach()``: the loss has
the right value but no gradient flows into ``logp_new``, so the policy never moves.

Source: https://github.com/nikhilbarhate99/PPO-PyTorch/issues/18 (PPO.py, ``update``): the
issue proposes ``ratios = torch.exp(logprobs - old_logprobs).detach()``; the maintainer answers
that the graph is needed through the ratios. With the repository's ``surr1 = ratios *
advantages``, ``surr2 = torch.clamp(ratios, 1-self.eps_clip, 1+self.eps_clip) * advantages``,
``loss = -torch.min(surr1, surr2) + ...`` and ``loss.mean().backward()`` (the policy term).
"""
SOURCE = "https://github.com/nikhilbarhate99/PPO-PyTorch/issues/18"
KIND = "ppo: ratio detached"
CAUSE = (r"detach|no gradient|gradient.{0,40}(zero|none|missing|not flow|does not)|"
         r"does not (require|flow)|constant")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    old_logprobs = logp_old.detach()
    advantages = advantages.detach()
    ratios = torch.exp(logp_new - old_logprobs).detach()
    surr1 = ratios * advantages
    surr2 = torch.clamp(ratios, 1 - clip_eps, 1 + clip_eps) * advantages
    loss = -torch.min(surr1, surr2)
    return loss.mean()
