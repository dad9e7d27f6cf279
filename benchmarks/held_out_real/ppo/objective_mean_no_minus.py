"""ppo_clip_loss returns mean(min(r A, clip(r) A)): the objective, not minus it; logp_old is not
detached.

Source: SebastianLarssonDTU/02456-Reinforcement-Learning-Project, my_util.py,
``ClippedPPOLoss``: ``ratio = torch.exp(log_pi - log_old_pi); ...; return
clipped_reward.mean()``. Ported: argument names only.
"""
SOURCE = "SebastianLarssonDTU/02456-Reinforcement-Learning-Project my_util.py (ClippedPPOLoss)"
KIND = "sign"
CAUSE = r"sign|minus|MINIMISE|detach|logp_old|constants"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    clipped_ratio = torch.clip(ratio, 1 - clip_eps, 1 + clip_eps)
    clipped_reward = torch.min(ratio * advantages, clipped_ratio * advantages)
    return clipped_reward.mean()
