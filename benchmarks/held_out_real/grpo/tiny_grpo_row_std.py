"""group_advantages divides each group by its sample std + eps, whether normalize_std or not.

Source: open-thought/tiny-grpo, train.py, ``group_advantages(returns, eps=1e-8)``: ``return
(returns - returns.mean()) / (returns.std() + eps)``, called once per prompt's group. Ported:
once per row of the (P, G) rewards; eps is the argument.
"""
SOURCE = "open-thought/tiny-grpo train.py (group_advantages)"
KIND = "grpo: always normalises + sample std"
CAUSE = r"normalize_std|only when|sample standard|G - 1"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    def one_group(returns):
        return (returns - returns.mean()) / (returns.std() + eps)

    return torch.stack([one_group(row) for row in rewards])
