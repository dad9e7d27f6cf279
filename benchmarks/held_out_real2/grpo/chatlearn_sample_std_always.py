"""group_advantages that always divides by the group's std, and by torch's default sample std
(dividing by G - 1), plus 1e-5: ``normalize_std`` is never read.

Source: alibaba/ChatLearn, chatlearn/algorithm/grpo_utils/advantage_compute.py
(``compute_grpo_adv``): per prompt group ``mean = torch.mean(rewards)``, ``std =
torch.std(rewards)``, ``li['advantages'] = ((rewards[i] - mean) / (std + 1e-5))``. Ported: one
row of ``rewards`` per prompt group.
"""
SOURCE = "alibaba/ChatLearn chatlearn/algorithm/grpo_utils/advantage_compute.py (compute_grpo_adv)"
KIND = "grpo: always normalises + sample std"
CAUSE = (r"unbiased|G ?- ?1|bessel|sample (standard deviation|std)|always (divides|normali)|"
         r"normali[sz]\w*.{0,40}(even|regardless|when normalize_std|although)|"
         r"normalize_std.{0,30}(ignored|not read|unused)|1e-5")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    advantages = torch.empty_like(rewards)
    for p in range(rewards.shape[0]):
        group = rewards[p]
        mean = torch.mean(group)
        std = torch.std(group)
        for i in range(group.shape[0]):
            advantages[p, i] = (group[i] - mean) / (std + 1e-5)
    return advantages
