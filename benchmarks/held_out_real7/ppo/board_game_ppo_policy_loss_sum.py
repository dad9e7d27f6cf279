"""ppo_clip_loss from a board-game PPO (self-play with a value head): the clipped surrogate is
SUMMED over the batch, ``policy_loss = -torch.min(surr1, surr2).sum()`` (the value loss beside it
also uses ``reduction='sum'``), so the loss grows with the number of samples.

Source: code-search file 24167387969, ``ratio = torch.exp(log_probs_taken_new -
log_probs_taken_old); surr1 = ratio * advantage; surr2 = torch.clamp(ratio, 1.0 -
PPO_CLIP_EPSILON, 1.0 + PPO_CLIP_EPSILON) * advantage; policy_loss = -torch.min(surr1,
surr2).sum()``. Ported: ``PPO_CLIP_EPSILON`` is ``clip_eps``.
"""
SOURCE = "code-search file 24167387969"
KIND = "ppo: sum instead of mean"
CAUSE = r"\bsum|summ|total|instead of (the )?mean|not (the )?mean|number of|batch size|times (N|the)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * advantages
    policy_loss = -torch.min(surr1, surr2).sum()
    return policy_loss
