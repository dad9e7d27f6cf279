"""compute_gae that treats the last step of the rollout as terminal (``delta = r - V`` there: no
bootstrap from ``next_values`` at the end), takes the next state's value from the next row of
``values`` elsewhere, ignores ``terminated`` and ``truncated`` (the recursion runs across episode
ends), and collects the advantages in a float32 tensor.

Source: code-search file 28355878635, a batched-episode actor-critic agent's advantage method:
``last_adv = 0  # Advantage at terminal state is 0``; ``for t in reversed(range(len(rewards))):
delta = (rewards[t] + self.gamma * values[t + 1] - values[t] if t < len(rewards) - 1 else
rewards[t] - values[t]).item(); advantages[t] = delta + self.gamma * self.lam * last_adv;
last_adv = advantages[t]``; ``batch_advantages[ep] = torch.tensor(advantages,
dtype=torch.float32)``. Ported: one episode, a ``(T,)`` tensor (each column of a ``(T, N)`` batch
taken as one of the source's episodes); returns are the advantages plus ``values``;
``next_values``, ``terminated`` and ``truncated`` are accepted and unused.
"""
SOURCE = "code-search file 28355878635 (batched-episode agent advantages, last step unbootstrapped)"
KIND = "gae: no episode ends, no bootstrap"
CAUSE = r"terminat|done|episode|across|reset|bootstrap|next_values|truncat|next (row|state)|float32|single precision"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    def _episode_advantages(rewards, values, gamma, lam):
        last_adv = 0
        advantages = [0] * len(rewards)
        for t in reversed(range(len(rewards))):
            delta = (
                rewards[t] + gamma * values[t + 1] - values[t]
                if t < len(rewards) - 1
                else rewards[t] - values[t]
            ).item()
            advantages[t] = delta + gamma * lam * last_adv
            last_adv = advantages[t]
        return torch.tensor(advantages, dtype=torch.float32)

    if rewards.dim() == 1:
        advantages = _episode_advantages(rewards, values, gamma, lam)
    else:
        advantages = torch.stack([_episode_advantages(rewards[:, n], values[:, n], gamma, lam)
                                  for n in range(rewards.shape[1])], dim=1)
    return advantages, advantages + values
