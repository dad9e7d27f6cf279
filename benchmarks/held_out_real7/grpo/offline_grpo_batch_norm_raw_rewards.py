"""group_advantages from an offline "actual model" GRPO stage: the rewards are normalised over the
WHOLE BATCH (one mean and one population std for every prompt's responses, not per group), and
only when reward normalisation is on and that std exceeds 1e-6; otherwise the advantages are the
RAW REWARDS, with no mean subtracted at all.

Source: code-search file 68469129907, ``reward_mean = rewards.mean(); reward_std =
rewards.std(unbiased=False); reward_std_value = float(reward_std.item()); reward_norm_active =
bool(cfg.actual_grpo_reward_norm and reward_std_value > 1e-6); if reward_norm_active: adv =
(rewards - reward_mean) / (reward_std + 1e-8) else: adv = rewards``. Ported:
``cfg.actual_grpo_reward_norm`` is ``normalize_std``; the reward scale and clip options are off.
"""
SOURCE = "code-search file 68469129907"
KIND = "grpo: batch-wide normalisation, raw rewards when not normalising"
CAUSE = r"group|batch|whole|all (the )?(prompts|responses|rewards)|raw|mean|baseline|not (centred|centered)|subtract"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    reward_mean = rewards.mean()
    reward_std = rewards.std(unbiased=False)
    reward_std_value = float(reward_std.item())
    reward_norm_active = bool(normalize_std and reward_std_value > 1e-6)
    if reward_norm_active:
        adv = (rewards - reward_mean) / (reward_std + 1e-8)
    else:
        adv = rewards
    return adv
