"""One done mask (terminated or truncated, .float()) multiplies the whole TD error and the
recursion: every episode's last step gets a TD error of 0."""
CAUSE = r"TD error is multiplied by \(1 - done_t\) as a whole"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    mask = 1.0 - (terminated | truncated).float()
    deltas = (rewards + gamma * next_values - values) * mask
    advantages = torch.zeros_like(deltas)
    gae = 0.0
    for t in range(deltas.shape[0] - 1, -1, -1):
        gae = deltas[t] + gamma * lam * mask[t] * gae
        advantages[t] = gae
    return advantages, advantages + values
