"""The recursion runs across episode ends (no done mask at all) AND multiplies by lam alone,
not gamma * lam; float32 inside. Right only without episode ends and with gamma = 1."""
CAUSE = r"episode end.*gamma|gamma.*episode end"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = (rewards + gamma * (~terminated).float() * next_values - values).float()
    adv = torch.zeros_like(deltas)
    run = 0.0
    for t in reversed(range(deltas.shape[0])):
        run = deltas[t] + lam * run
        adv[t] = run
    adv = adv.to(values.dtype)
    return adv, adv + values
