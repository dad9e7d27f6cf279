"""float64 inside, back to the rewards' dtype; prints how many steps ended an episode."""
import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    print(f"{int(terminated.sum())} of {terminated.numel()} steps terminated")
    r, v, nv = rewards.double(), values.double(), next_values.double()
    delta = r + gamma * (1.0 - terminated.double()) * nv - v
    return delta.to(rewards.dtype)
