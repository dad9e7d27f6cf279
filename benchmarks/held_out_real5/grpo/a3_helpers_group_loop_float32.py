"""group_advantages that builds its rewards as a float32 tensor from Python floats
(``torch.tensor([...], dtype=torch.float32)``) and, with ``normalize_by_std``, divides by the
SAMPLE standard deviation of each group (``group.std()``: dividing by G - 1) plus eps: a float32
answer where float64 is due, and the wrong standard deviation.

Source: code-search file 62655387846, "GRPO helper methods for Part 7" of a course assignment,
``compute_group_normalized_rewards``: ``raw_rewards = torch.tensor([reward_fn(r, g)["reward"] for
...], dtype=torch.float32); advantages = torch.zeros_like(raw_rewards)``; a loop over groups of
``group_size``: ``advantages[start:end] = (group - group_mean) / (group.std() + advantage_eps)``
or ``group - group_mean``. Ported: the rewards arrive as the ``(P, G)`` tensor, turned into the
source's float32 list-built tensor; ``normalize_by_std = normalize_std``, ``advantage_eps = eps``;
the answer is reshaped to ``(P, G)``; the metadata is dropped.
"""
SOURCE = "code-search file 62655387846 (Part 7 GRPO helpers, compute_group_normalized_rewards)"
KIND = "grpo: float32 rewards and sample std"
CAUSE = r"float32|single precision|float64|precision|sample (std|standard deviation)|unbiased|G ?- ?1|bessel|population"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, group_size = rewards.shape
    normalize_by_std, advantage_eps = normalize_std, eps
    raw_rewards = torch.tensor([float(r) for r in rewards.reshape(-1).tolist()], dtype=torch.float32)
    n = raw_rewards.numel()
    advantages = torch.zeros_like(raw_rewards)
    for i in range(n // group_size):
        start = i * group_size
        end = start + group_size
        group = raw_rewards[start:end]
        group_mean = group.mean()
        if normalize_by_std:
            advantages[start:end] = (group - group_mean) / (group.std() + advantage_eps)
        else:
            advantages[start:end] = group - group_mean
    return advantages.view(P, group_size)
