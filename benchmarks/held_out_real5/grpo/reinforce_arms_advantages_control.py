"""Control: group_advantages as "reward minus the group mean (the last dimension holds one
question's G samples); optionally divided by the group standard deviation", with the population
std (``unbiased=False``) plus eps: exactly the contract's rule, along the last dimension.

Source: code-search file 70503239802, a REINFORCE-arms experiment module: ``def
advantages(rewards, normalize_std): centred = rewards - rewards.mean(dim=-1, keepdim=True); if
normalize_std: centred = centred / (rewards.std(dim=-1, unbiased=False, keepdim=True) + 1e-6);
return centred``. Ported: the source's constant 1e-6 (the contract's default) is the ``eps``
argument.
"""
SOURCE = "code-search file 70503239802 (REINFORCE-arms module advantages(rewards, normalize_std))"
KIND = "control"
CORRECT = True

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=-1, keepdim=True)
    if normalize_std:
        centred = centred / (rewards.std(dim=-1, unbiased=False, keepdim=True) + eps)
    return centred
