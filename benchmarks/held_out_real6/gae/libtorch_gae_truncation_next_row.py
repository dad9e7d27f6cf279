"""GAE from a LibTorch PPO for Atari, which picks each step's advantage with ``torch::where``:
``r - v`` at a termination, ``r + gamma * nv - v`` at a truncation, the running recursion
otherwise; but ``nv`` is always the value of the NEXT ROW (``nv = values.select(1, i)`` after each
step, ``next_values`` only after the last step), so a truncated step bootstraps from the value of
the state the environment was reset to rather than from its own next state, and every other step
also takes its next value from the next row.

Source: cemlyn007/ale-libtorch-ppo src/ai/gae.cc, ``for (int64_t i = num_steps - 1; i >= 0; --i) {
auto advantage_running = rewards.select(1, i) + gamma * nv - values.select(1, i) + gamma * lambda
* last_advantages; auto advantage_terminal = rewards.select(1, i) - values.select(1, i); auto
advantage_truncation = rewards.select(1, i) + gamma * nv - values.select(1, i); auto advantage =
torch::where(episode_starts.select(1, i), advantage_reset, advantage_running); advantage =
torch::where(terminals.select(1, i), advantage_terminal, advantage); advantage =
torch::where(truncations.select(1, i), advantage_truncation, advantage); ...; last_advantages =
advantage; nv = values.select(1, i); }``. Ported to Python with time on dimension 0 (the source's
dimension 1); ``nv`` starts as the last row of ``next_values``; no step is an episode start; the
returns are ``advantages + values``.
"""
SOURCE = "cemlyn007/ale-libtorch-ppo src/ai/gae.cc"
KIND = "gae: next value from the next row (truncation bootstraps from the reset state)"
CAUSE = r"next_values|next (row|state)|reset|truncat|bootstrap|shift"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    num_steps = rewards.shape[0]
    advantages = torch.zeros_like(rewards)
    last_advantages = torch.zeros_like(rewards[0])
    nv = next_values[-1]
    for i in range(num_steps - 1, -1, -1):
        advantage_running = rewards[i] + gamma * nv - values[i] + gamma * lam * last_advantages
        advantage_terminal = rewards[i] - values[i]
        advantage_truncation = rewards[i] + gamma * nv - values[i]
        advantage = advantage_running
        advantage = torch.where(terminated[i], advantage_terminal, advantage)
        advantage = torch.where(truncated[i], advantage_truncation, advantage)
        advantages[i] = advantage
        last_advantages = advantage
        nv = values[i]
    return advantages, advantages + values
