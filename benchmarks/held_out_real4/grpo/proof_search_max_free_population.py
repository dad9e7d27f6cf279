"""group_advantages that always standardises (``normalize_std`` ignored) by the population
standard deviation with no epsilon (``(r - mean) / std``), returns zeros for a group whose std is
below 1e-8, and computes in a float64 numpy array whatever the rewards' dtype (a float32 input
gets a float64 answer).

Source: code-search file 67047850921, ``compute_advantages(rewards) -> GroupAdvantages``: ``r =
np.array(rewards); mean = float(r.mean()); std = float(r.std())``; ``if std < 1e-8: return
GroupAdvantages(advantages=np.zeros(n), ...)``; ``advantages = (r - mean) / std``. Ported:
applied to each row (group) of ``rewards.tolist()``; the ``advantages`` arrays are stacked and
returned as a tensor (``torch.from_numpy``); ``normalize_std`` and ``eps`` are unused.
"""
SOURCE = "code-search file 67047850921 (GroupAdvantages compute_advantages, std without eps)"
KIND = "grpo: always standardised (float64 answer)"
CAUSE = (r"normali[sz]e_std|always (normali|standardi|divid)|standardi[sz]|divid\w* by (the )?(std|standard deviation)|"
         r"ignor\w*.{0,30}(flag|normali[sz]e|option)|dtype|float64|double")

import numpy as np
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    def compute_advantages(rewards):
        n = len(rewards)
        r = np.array(rewards)
        mean = float(r.mean())
        std = float(r.std())
        if std < 1e-8:
            return np.zeros(n)
        advantages = (r - mean) / std
        return advantages

    return torch.from_numpy(np.stack([compute_advantages(row) for row in rewards.tolist()]))
