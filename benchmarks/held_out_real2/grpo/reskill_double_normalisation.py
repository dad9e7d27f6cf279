"""group_advantages normalised twice: per group (mean, and with normalize_std the sample std
dividing by G - 1, plus eps), then whitened over the whole batch of P * G rewards (minus the
batch mean, times 1/sqrt(population variance + 1e-8)). Groups are no longer independent, and an
all-equal group no longer gets exactly 0.

Source: https://github.com/amazon-science/reskill/pull/12 (reskill/verl_integration/
algorithms.py before the PR, ``compute_grpo_outcome_advantage`` and ``_masked_whiten``): per
group ``id2mean = torch.mean(values)``, ``id2std = torch.std(values)`` (mean 0, std 1 for a
group of one), ``scores[i] = (scores[i] - mean) / (std + epsilon)`` or ``scores[i] - mean``,
then ``scores = _masked_whiten(scores, response_mask)``: ``(values - mean) * torch.rsqrt(var +
eps)`` with ``var = selected.var(correction=0)``. Ported: one score per response (the
token-level tiling left out), one row per prompt.
"""
SOURCE = "https://github.com/amazon-science/reskill/pull/12"
KIND = "grpo: group then batch whitening"
CAUSE = (r"whiten|batch|(all|every|other) (the )?(prompts|groups)|global|across (the )?"
         r"(groups|prompts)|twice|unbiased|G ?- ?1|bessel|sample (standard deviation|std)")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    scores = rewards.clone()
    P, G = rewards.shape
    for p in range(P):
        if G == 1:
            mean = torch.tensor(0.0, dtype=rewards.dtype)
            std = torch.tensor(1.0, dtype=rewards.dtype)
        else:
            mean = torch.mean(rewards[p])
            std = torch.std(rewards[p])
        if normalize_std:
            scores[p] = (scores[p] - mean) / (std + eps)
        else:
            scores[p] = scores[p] - mean
    selected = scores.reshape(-1)
    mean = selected.mean()
    var = selected.var(correction=0)
    return (scores - mean) * torch.rsqrt(var + 1e-8)
