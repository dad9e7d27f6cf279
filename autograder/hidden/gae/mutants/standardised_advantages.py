"""Normalises the advantages inside compute_gae (CleanRL's ``norm_adv``, SB3's
``normalize_advantage`` belong to the loss, not to GAE), per batch. The diagnosis computed
from the reference's answer names it."""
FEEDBACK = "your answer is the right answer standardised"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    returns = advantages + values
    return (advantages - advantages.mean()) / (advantages.std() + 1e-8), returns
