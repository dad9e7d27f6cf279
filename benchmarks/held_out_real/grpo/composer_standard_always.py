"""group_advantages always divides by the (sample) std + 1e-8, whatever normalize_std and eps.

Source: Wodlfvllf/grpo-composer, grpo_composer/advantages/standard.py,
``StandardAdvantageFunction.compute_advantages``: ``mean = rewards.mean(dim=-1, keepdim=True);
std = rewards.std(dim=-1, keepdim=True); return (rewards - mean) / (std + 1e-8)``.
"""
SOURCE = "Wodlfvllf/grpo-composer grpo_composer/advantages/standard.py"
KIND = "grpo: always normalises"
CAUSE = r"normalize_std|only when|sample standard|G - 1|eps"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    mean = rewards.mean(dim=-1, keepdim=True)
    std = rewards.std(dim=-1, keepdim=True)
    return (rewards - mean) / (std + 1e-8)
