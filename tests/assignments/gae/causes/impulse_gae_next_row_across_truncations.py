"""A rollout-buffer loop (in the style of Stable-Baselines' `compute_returns_and_advantage`)
that reads V(s_{t+1}) from `values[t + 1]`, uses next_values only after the last row, and
cuts the recursion at terminations only (it treats a time limit as nothing); float32 buffers."""
CAUSE = r"(?=.*values`\[t\+1\])(?=.*cut at a step whose `terminated` is True)|(?=.*values\[t \+ 1\])(?=.*cut at terminations only)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    r, v = rewards.float(), values.float()
    episode_starts = terminated.float()
    adv = torch.zeros_like(r)
    last_gae_lam = torch.zeros_like(r[0])
    for step in reversed(range(T)):
        if step == T - 1:
            next_non_terminal, next_v = 1.0 - episode_starts[step], next_values[step].float()
        else:
            next_non_terminal, next_v = 1.0 - episode_starts[step], v[step + 1]
        delta = r[step] + gamma * next_v * next_non_terminal - v[step]
        last_gae_lam = delta + gamma * lam * next_non_terminal * last_gae_lam
        adv[step] = last_gae_lam
    adv = adv.to(rewards.dtype)
    return adv, adv + values
