"""ppo_clip_loss that clips the ratio to a fixed ``[0.8, 1.2]`` whatever ``clip_eps`` says (the
pessimistic ``max`` of the negated terms is the contract's ``-min``): right for ``clip_eps =
0.2`` only.

Source: code-search file 63297503696, a PPO + behaviour-cloning trainer's update: ``ratio =
torch.exp(newlogprobs - old_logprobs_t)``; ``pg_loss = torch.max(-advantages * ratio, -advantages
* torch.clamp(ratio, 0.8, 1.2)).mean()``. Ported: a function of ``(logp_new, logp_old, advantages,
clip_eps)``; the advantages come in (the source standardises them beforehand, outside this line);
``clip_eps`` is unused.
"""
SOURCE = "code-search file 63297503696 (PPO + BC update, clamp(ratio, 0.8, 1.2))"
KIND = "ppo: clip range hard-coded"
CAUSE = (r"clip_eps|clip range|hard[- ]?coded|fixed|0\.8|1\.2|ignor\w*.{0,30}(eps|clip|argument)|epsilon|"
         r"clip(ping)? (bound|interval|width)")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    pg_loss = torch.max(-advantages * ratio, -advantages * torch.clamp(ratio, 0.8, 1.2)).mean()
    return pg_loss
