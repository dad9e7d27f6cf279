"""Sets the advantage of a truncated step to 0 instead of bootstrapping it from V(final
observation)."""
HINT = "a truncated step's advantage is not 0: it is its TD residual bootstrapped from next_values (the episode was cut, not ended)"
REAL_BUG = "GAE: the truncated step's advantage set to 0 (issue 35)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = torch.where(truncated[t], torch.zeros_like(running), running)
    return advantages, advantages + values
