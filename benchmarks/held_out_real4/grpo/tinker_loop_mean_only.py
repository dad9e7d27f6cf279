"""group_advantages that only subtracts the group mean (``np.mean`` of Python floats):
``normalize_std`` is ignored, so a standardised call gets the centred rewards back.

Source: code-search file 56287807822, a Tinker GRPO loop's ``compute_advantages(rewards)``:
``if not rewards: return []; mean_reward = float(np.mean(rewards)); return [r - mean_reward for
r in rewards]``. Ported: applied to each row (group) of ``rewards.tolist()``; the result is a
tensor of the rewards' dtype; ``normalize_std`` and ``eps`` are unused (the source has neither).
"""
SOURCE = "code-search file 56287807822 (Tinker loop compute_advantages, mean only)"
KIND = "grpo: normalize_std ignored"
CAUSE = (r"normali[sz]e_std|not (normali|standardi|divid)|never (normali|standardi|divid)|"
         r"standard deviation|\bstd\b|ignor\w*.{0,30}(flag|normali[sz]e|option|argument)|only (subtract|centr)")

import numpy as np
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    def compute_advantages(rewards):
        if not rewards:
            return []
        mean_reward = float(np.mean(rewards))
        return [r - mean_reward for r in rewards]

    return torch.tensor([compute_advantages(row) for row in rewards.tolist()], dtype=rewards.dtype)
