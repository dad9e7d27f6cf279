"""compute_gae reads ``advantages[t]`` (still zero) where ``advantages[t+1]`` belongs, so each
advantage is just its one-step TD error (lambda plays no part); the returns are the bootstrapped
discounted reward sums, and the advantages are converted to float32 and standardised.

Source: https://github.com/4kasha/CartPole_PPO/issues/1 (train.ipynb, the ``use_gae`` branch):
``td_error = rewards[t] + gamma * (1-dones[t]) * values[t+1] - values[t]`` (``returns[t] -
values[t]`` at the last step, where ``returns[t] = rewards[t] + gamma * (1-dones[t]) *
vals_last``), ``advantages[t] = advantages[t] * gae_lambda * gamma * (1-dones[t]) + td_error``,
then ``torch.from_numpy(...).float()`` and ``(advantages - advantages.mean()) /
(advantages.std() + 1e-10)``. Ported: ``dones`` = terminated or truncated (CartPole's gym
``done``), ``vals_last`` = the last step's next value; numpy -> torch.
"""
SOURCE = "https://github.com/4kasha/CartPole_PPO/issues/1"
KIND = "gae: reads A_t for A_{t+1}"
CAUSE = (r"lambda|\blam\b|A_\{?t\s*\+\s*1|advantages?\[t\s*\+\s*1\]|one.step|"
         r"td.?(error|residual)s?\b.{0,20}(only|alone)|standardi|normali|float32|"
         r"returns?.{0,40}(discounted (reward|sum)|monte.carlo|reward.to.go)")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rollout_length = rewards.shape[0]
    dones = (terminated | truncated).to(rewards.dtype)
    vals_last = next_values[-1]
    returns = torch.zeros_like(rewards)
    advantages = torch.zeros_like(rewards)
    for t in reversed(range(rollout_length)):
        if t == rollout_length - 1:
            returns[t] = rewards[t] + gamma * (1 - dones[t]) * vals_last
            td_error = returns[t] - values[t]
        else:
            returns[t] = rewards[t] + gamma * (1 - dones[t]) * returns[t + 1]
            td_error = rewards[t] + gamma * (1 - dones[t]) * values[t + 1] - values[t]
        advantages[t] = advantages[t] * lam * gamma * (1 - dones[t]) + td_error
    returns = returns.float()
    advantages = advantages.float()
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-10)
    return advantages, returns
