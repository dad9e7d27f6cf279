"""Recursion on the time step, as the formula A_t = delta_t + gamma lam (1 - done_t) A_{t+1}."""
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    alive = 1 - terminated.to(rewards.dtype)
    going = 1 - (terminated | truncated).to(rewards.dtype)
    deltas = rewards + gamma * alive * next_values - values

    def advantage_from(t):
        if t == len(deltas):
            return [torch.zeros_like(deltas[0])]
        later = advantage_from(t + 1)
        return [deltas[t] + gamma * lam * going[t] * later[0]] + later

    advantages = torch.stack(advantage_from(0)[:-1])
    return advantages, values + advantages
