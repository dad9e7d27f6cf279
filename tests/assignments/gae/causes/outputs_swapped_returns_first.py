"""The recursion runs on the lambda-returns themselves (G_t = r_t + gamma * (V(s_{t+1}) +
lam * (G_{t+1} - V(s_{t+1})))), and the pair comes back as (returns, returns - values)."""
CAUSE = r"other order, \(returns, advantages\)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    alive = (~terminated).to(rewards.dtype)
    cut = (terminated | truncated)
    T = rewards.shape[0]
    returns = torch.zeros_like(rewards)
    for t in reversed(range(T)):
        if t == T - 1:
            following = next_values[t]
        else:
            following = torch.where(cut[t], next_values[t],
                                    next_values[t] + lam * (returns[t + 1] - values[t + 1]))
        returns[t] = rewards[t] + gamma * alive[t] * following
    return returns, returns - values
