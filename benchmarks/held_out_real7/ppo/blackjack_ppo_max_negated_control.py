"""A control: ppo_clip_loss as a Blackjack PPO writes it: the surrogates are negated first
(``surr1 = -ratios * advantages``, ``surr2 = -clamp(ratios) * advantages``) and the loss is their
elementwise MAX, averaged, which is exactly the contract's ``-mean(min(...))``.

Source: code-search file 42082286035, ``ratios = (torch.exp(action_logprobs -
logprobs.squeeze(1))).unsqueeze(1); advantages = rewards - state_values.detach().unsqueeze(1);
surr1 = -ratios * advantages; surr2 = -torch.clamp(ratios, 1 - EPS_CLIP, 1 + EPS_CLIP) *
advantages; loss = torch.max(surr1, surr2).mean()``. Ported: no ``squeeze``/``unsqueeze`` (the
contract's log-probs and advantages share one shape); ``EPS_CLIP`` is ``clip_eps``; the old
log-probs and advantages are detached (the source's come from a buffer without a graph).
"""
SOURCE = "code-search file 42082286035"
KIND = "control: ppo loss as max of negated surrogates"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratios = torch.exp(logp_new - logp_old.detach())
    advantages = advantages.detach()
    surr1 = -ratios * advantages
    surr2 = -torch.clamp(ratios, 1 - clip_eps, 1 + clip_eps) * advantages
    loss = torch.max(surr1, surr2).mean()
    return loss
