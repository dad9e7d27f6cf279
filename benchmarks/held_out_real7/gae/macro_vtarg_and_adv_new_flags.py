"""compute_gae from a hierarchical-RL fork of the baselines PPO helper ``vtarg_and_adv_1d``: the
values are extended with ``nextvpred`` and the episode-start flags ``new`` with a 0; a step is
masked by ``1 - new[t+1]`` (the next step starts an episode), which both stops the recursion and
ZEROES the bootstrap, so a truncated step is not bootstrapped, and the next value is the NEXT
ROW's prediction; the advantage buffer is float32 (``np.empty(T, 'float32')``).

Source: code-search file 14185869651, ``def vtarg_and_adv_1d(rew, new, vpred, nextvpred, gamma,
lam): new = np.append(new, 0); vpred = np.append(vpred, nextvpred); T = len(rew); adv = gaelam =
np.empty(T, 'float32'); lastgaelam = 0; for t in reversed(range(T)): nonterminal = 1-new[t+1];
delta = rew[t] + gamma * vpred[t+1] * nonterminal - vpred[t]; gaelam[t] = lastgaelam = delta +
gamma * lam * nonterminal * lastgaelam; tdlamret = adv + vpred[1:]; return tdlamret, adv``.
Ported: ``new[t+1]`` is ``terminated[t] | truncated[t]`` (the next observation starts a new
episode), ``nextvpred`` is ``next_values[-1]``; the float32 buffer is kept and returned in the
inputs' dtype; the source's returns ``adv + vpred[1:]`` (the NEXT row's values) are kept.
"""
SOURCE = "code-search file 14185869651"
KIND = "gae: truncation not bootstrapped, returns add the next row's values, float32"
CAUSE = r"bootstrap|truncat|next_values|next (row|state)|shift|returns?|float32"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rew = rewards
    new = torch.cat([torch.zeros_like(rewards[:1]), (terminated | truncated).to(rewards.dtype)])
    vpred = torch.cat([values, next_values[-1:]])
    T = len(rew)
    adv = gaelam = torch.empty(rewards.shape, dtype=torch.float32)
    lastgaelam = 0
    for t in reversed(range(T)):
        nonterminal = 1 - new[t + 1]
        delta = rew[t] + gamma * vpred[t + 1] * nonterminal - vpred[t]
        gaelam[t] = lastgaelam = delta + gamma * lam * nonterminal * lastgaelam
    tdlamret = adv.to(rewards.dtype) + vpred[1:]
    return adv.to(rewards.dtype), tdlamret
