"""clipped_surrogate clips with a hard-coded 0.2, and ppo_clip_loss sums the surrogate.

Source: public code in the code-search corpus (file id 30700731372, ``PPOModel.add_ppo_clip`` of
a "torchrl" package; the index does not name its repository): ``clipped_prob_ratio =
prob_ratio.clamp(min=1 - 0.2, max=1 + 0.2)``; ``losses = torch.min(surrogate,
clipped_surrogate); loss = -losses.sum()``. Ported: the two halves as the two functions; the
ratio is exp(logp_new - logp_old), undetached as the batch data was.
"""
SOURCE = "code-search file 30700731372 (PPOModel.add_ppo_clip)"
KIND = "clip eps ignored + sum"
CAUSE = r"clip_eps|fixed 0\.2|sum|MEAN"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    surrogate = ratio * advantages
    clipped_prob_ratio = ratio.clamp(min=1 - 0.2, max=1 + 0.2)
    clipped_surrogate = clipped_prob_ratio * advantages
    return torch.min(surrogate, clipped_surrogate)


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    prob_ratio = torch.exp(logp_new - logp_old)
    surrogate = prob_ratio * advantages
    clipped_prob_ratio = prob_ratio.clamp(min=1 - 0.2, max=1 + 0.2)
    clipped_surrogate = clipped_prob_ratio * advantages
    losses = torch.min(surrogate, clipped_surrogate)
    loss = -losses.sum()
    return loss
