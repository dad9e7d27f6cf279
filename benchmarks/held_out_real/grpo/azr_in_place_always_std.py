"""group_advantages centres and divides the rewards in place, always by torch's (sample) std.

Source: garetht/absolute_zero_reproduction, model/compute/advantages.py, ``compute_advantages``:
``rewards -= rewards.mean(dim=-1, keepdim=True); rewards /= (rewards.std(dim=-1, keepdim=True)
+ args.eps); return rewards``. Ported: args.eps is eps; normalize_std is not read, as the
source has no such switch.
"""
SOURCE = "garetht/absolute_zero_reproduction model/compute/advantages.py"
KIND = "grpo: in place + always normalises"
CAUSE = r"in place|modified|normalize_std|only when|sample standard|G - 1"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    rewards -= rewards.mean(dim=-1, keepdim=True)
    rewards /= (rewards.std(dim=-1, keepdim=True) + eps)
    return rewards
