"""group_advantages that always standardises (``normalize_std`` ignored) and puts the epsilon
inside the square root: ``(r - mean) / sqrt(var + 1e-8)`` with the population variance, in
Python floats; a group whose rewards are all equal still gives exactly 0.

Source: code-search file 2185344883, a tool-use GRPO trainer's ``compute_advantages(rewards)``:
``mean_r = sum(rewards) / len(rewards); var_r = sum((r - mean_r) ** 2 for r in rewards) /
len(rewards); std_r = (var_r + 1e-8) ** 0.5; return [(r - mean_r) / std_r for r in rewards]``.
Ported: applied to each row (group) of ``rewards.tolist()``; the result is a tensor of the
rewards' dtype; ``normalize_std`` and ``eps`` are unused (the source has neither).
"""
SOURCE = "code-search file 2185344883 (tool-agent compute_advantages, sqrt(var + 1e-8))"
KIND = "grpo: always standardised, eps inside the sqrt"
CAUSE = (r"normali[sz]e_std|always (normali|standardi|divid)|standardi[sz]|divid\w* by (the )?(std|standard deviation)|"
         r"ignor\w*.{0,30}(flag|normali[sz]e|option)|sqrt|square root|var(iance)? ?\+ ?(1e-8|eps)|eps(ilon)?")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    def compute_advantages(rewards):
        if len(rewards) == 0:
            return []
        mean_r = sum(rewards) / len(rewards)
        var_r = sum((r - mean_r) ** 2 for r in rewards) / len(rewards)
        std_r = (var_r + 1e-8) ** 0.5
        return [(r - mean_r) / std_r for r in rewards]

    return torch.tensor([compute_advantages(row) for row in rewards.tolist()], dtype=rewards.dtype)
