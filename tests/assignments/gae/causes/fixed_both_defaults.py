"""compute_gae whose signature kept the original defaults and whose body reads the class's own
gamma = 0.99 and lambda = 0.95 (``self.gamma``, ``self.gae_lambda``)."""
CAUSE = r"gamma = 0\.99 and lambda = 0\.95 whatever"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    cfg = type("Config", (), {"gamma": 0.99, "gae_lambda": 0.95})
    deltas = rewards + cfg.gamma * next_values * (~terminated) - values
    keep = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    gae = 0
    for t in range(rewards.shape[0] - 1, -1, -1):
        gae = deltas[t] + cfg.gamma * cfg.gae_lambda * keep[t] * gae
        advantages[t] = gae
    return advantages, advantages + values
