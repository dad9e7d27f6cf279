"""group_advantages that always standardises (``normalize_std`` ignored) with the sample standard
deviation (``torch.std``, dividing by G - 1) plus 1e-8, in float32, and returns ``None`` instead
of zeros when a group's rewards are all equal (``std < 1e-8``).

Source: code-search file 58965393188, a two-digit multiplication GRPO trainer's
``compute_advantages(rewards)``: ``rewards_t = torch.tensor(rewards, dtype=torch.float32)``;
``std = rewards_t.std()``; ``if std < 1e-8: return None``; ``advantages = (rewards_t -
rewards_t.mean()) / (std + 1e-8)``. Ported: applied to each row (group) of ``rewards.tolist()``
and stacked; the source's ``None`` for a uniform group is returned as the answer when any group
is uniform; ``normalize_std`` and ``eps`` are unused (the source has neither).
"""
SOURCE = "code-search file 58965393188 (multiplication GRPO compute_advantages, None when uniform)"
KIND = "grpo: always standardised with the sample std (None for a uniform group)"
CAUSE = (r"normali[sz]e_std|always (normali|standardi|divid)|standardi[sz]|divid\w* by (the )?(std|standard deviation)|"
         r"ignor\w*.{0,30}(flag|normali[sz]e|option)|sample (std|standard deviation)|unbiased|bessel|G ?- ?1|n ?- ?1|"
         r"None|uniform|all (equal|the same)|float32|precision")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    def compute_advantages(rewards):
        rewards_t = torch.tensor(rewards, dtype=torch.float32)
        std = rewards_t.std()
        if std < 1e-8:
            return None
        advantages = (rewards_t - rewards_t.mean()) / (std + 1e-8)
        return advantages

    groups = [compute_advantages(row) for row in rewards.tolist()]
    if any(g is None for g in groups):
        return None
    return torch.stack(groups)
