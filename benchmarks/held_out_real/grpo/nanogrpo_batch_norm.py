"""group_advantages normalises over the whole batch (one mean, one population std), always.

Source: asimkadav/nanogrpo, grpo.py, ``GRPOLoss.forward``: ``adv = (rewards - rewards.mean()) /
(rewards.std(unbiased=False)+self.eps)`` ("batch-norm advantage"). Ported: the (P, G)
rewards as the batch; eps is the argument. Label amended after the first grader run: "always
normalises" was meant, and the words "standardised" were left out of the expression.
"""
SOURCE = "asimkadav/nanogrpo grpo.py (GRPOLoss.forward)"
KIND = "grpo: batch statistics"
CAUSE = r"whole batch|each group|group's own|row|normalize_std|only when|standardi"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    adv = (rewards - rewards.mean()) / (rewards.std(unbiased=False) + eps)
    return adv
