"""values[t + 1] as the next value, masked by terminated in the TD error, and no mask in the
recursion: the issue's pair (the next row's value and a recursion across episode ends)."""
CAUSE = r"values\[t \+ 1\], the next ROW's value.*recursion runs across episode ends"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    v_next = torch.cat([values[1:], next_values[-1:]], dim=0)
    deltas = rewards + gamma * v_next * (1 - terminated.to(rewards.dtype)) - values
    advantages = torch.zeros_like(deltas)
    gae = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        gae = deltas[t] + gamma * lam * gae
        advantages[t] = gae
    return advantages, advantages + values
