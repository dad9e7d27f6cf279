"""group_advantages that, with group normalisation, divides by the population standard deviation
CLAMPED from below at eps (``std.clamp_min(eps)``: ``max(std, eps)``) instead of the contract's
``std + eps``; the centring is right.

Source: code-search file 55182502832, an RLHF reward-shaping helper (terminal scores, then a
per-token KL penalty): ``grouped = terminal_scores.view(-1, group_size); grouped = grouped -
grouped.mean(dim=1, keepdim=True); if bool(group_normalize) and group_size > 1: std =
grouped.std(dim=1, unbiased=False, keepdim=True).clamp_min(float(group_advantage_eps)); grouped
= grouped / std; terminal_scores = grouped.reshape_as(terminal_scores)``. Ported: the ``(P, G)``
rewards flattened to the source's scores and reshaped back; ``group_normalize = normalize_std``,
``group_advantage_eps = eps``; the KL shaping after it is dropped.
"""
SOURCE = "code-search file 55182502832 (RLHF reward shaping, group std clamp_min(eps))"
KIND = "grpo: max(std, eps) instead of std + eps"
CAUSE = r"\beps|epsilon|clamp|max\(|floor|lower bound|plus|added"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, group_size = rewards.shape
    terminal_scores = rewards.reshape(-1)
    group_normalize, group_advantage_eps = normalize_std, eps
    grouped = terminal_scores.view(-1, group_size)
    grouped = grouped - grouped.mean(dim=1, keepdim=True)
    if bool(group_normalize) and group_size > 1:
        std = grouped.std(dim=1, unbiased=False, keepdim=True).clamp_min(
            float(group_advantage_eps)
        )
        grouped = grouped / std
    terminal_scores = grouped.reshape_as(terminal_scores)
    return terminal_scores.view(P, group_size)
