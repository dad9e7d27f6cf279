"""compute_gae that standardises the advantages it returns (torch.std's sample default, an
extra 1e-8) and keeps gamma = 0.9 from the config it was copied from."""
CAUSE = r"(?=.*standardised)(?=.*sample)(?=.*gamma. (is fixed at|=) 0\.9\b)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    gamma = 0.9  # config["gamma"] in the original
    not_term = 1.0 - terminated.to(rewards.dtype)
    not_done = 1.0 - (terminated | truncated).to(rewards.dtype)
    deltas = rewards + gamma * not_term * next_values - values
    advantages = torch.zeros_like(rewards)
    gae = 0.0
    for t in range(rewards.shape[0] - 1, -1, -1):
        gae = deltas[t] + gamma * lam * not_done[t] * gae
        advantages[t] = gae
    returns = advantages + values
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    return advantages, returns
