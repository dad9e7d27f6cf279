"""ppo_clip_loss standardises the advantages first: (A - mean) / (std + 1e-10).

Source: ericyangyu/PPO-for-Beginners, ppo.py, ``PPO.learn``: ``A_k = (A_k - A_k.mean()) /
(A_k.std() + 1e-10)`` ("Normalize Advantages (Trick: makes PPO more stable)"), then ``surr1 =
ratios * A_k; surr2 = torch.clamp(ratios, 1 - self.clip, 1 + self.clip) * A_k; actor_loss =
(-torch.min(surr1, surr2)).mean()``. Ported: the normalisation moves into the loss, where
students who follow it put it; the batch data are detached as they are there.
"""
SOURCE = "ericyangyu/PPO-for-Beginners ppo.py (PPO.learn)"
KIND = "advantages normalised inside the loss"
CAUSE = r"normalis|standardis"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    A_k = advantages.detach()
    A_k = (A_k - A_k.mean()) / (A_k.std() + 1e-10)
    ratios = torch.exp(logp_new - logp_old.detach())
    surr1 = ratios * A_k
    surr2 = torch.clamp(ratios, 1 - clip_eps, 1 + clip_eps) * A_k
    return (-torch.min(surr1, surr2)).mean()
