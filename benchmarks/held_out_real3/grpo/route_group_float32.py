"""group_advantages that makes every group's rewards float32 (``torch.as_tensor(rewards,
dtype=torch.float32)``), always standardises by the population std plus a fixed 1e-4, and
returns zeros for a group whose std is below 1e-6: float64 rewards come back float32, and
``normalize_std`` is ignored.

Source: code-search file 68860724732 (a GRPO trainer's core), ``compute_group_advantages(
rewards)`` ("Population std normalization within one route/group"): ``r =
torch.as_tensor(rewards, dtype=torch.float32)``, ``mean = r.mean()``, ``std =
r.std(unbiased=False)``, ``if std < STD_FLOOR: return torch.zeros_like(r)``, ``return (r - mean)
/ (std + ADV_EPS)`` with ``ADV_EPS = 1e-4``, ``STD_FLOOR = 1e-6``. Ported: the function handles
one group; it is applied to each row of the ``(P, G)`` rewards and the rows stacked.
"""
SOURCE = "code-search file 68860724732 (compute_group_advantages, one group, float32)"
KIND = "grpo: always normalised + float32"
CAUSE = (r"float32|single precision|dtype|precision|always (normalis|normaliz|divid|standardi|scal)|"
         r"normalize_std|whether or not|even when|ignor|1e-4")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    ADV_EPS = 1e-4
    STD_FLOOR = 1e-6

    def compute_group_advantages(rewards):
        r = torch.as_tensor(rewards, dtype=torch.float32)
        mean = r.mean()
        std = r.std(unbiased=False)
        if std < STD_FLOOR:
            return torch.zeros_like(r)
        return (r - mean) / (std + ADV_EPS)

    return torch.stack([compute_group_advantages(row) for row in rewards])
