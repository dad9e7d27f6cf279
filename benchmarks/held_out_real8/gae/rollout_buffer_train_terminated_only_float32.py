"""compute_gae from a PPO agent's ``train``: the advantages go into a float32 numpy array; only
``terminated`` is looked at, so a truncation neither stops the recursion nor is told apart; each
step bootstraps from the next row of the values, and the rollout's LAST step from 0.

Source: code-search file 54755423651, ``advantages_np = np.zeros(len(rewards_np),
dtype=np.float32); last_gae_lam = 0; for t in reversed(range(len(rewards_np))): next_non_terminal
= 1.0 - terminated_np[t]; next_value = 0.0 if t == len(rewards_np) - 1 else values_np[t + 1];
delta = rewards_np[t] + self.gamma * next_value * next_non_terminal - values_np[t];
advantages_np[t] = last_gae_lam = delta + self.gamma * self.gae_lambda * next_non_terminal *
last_gae_lam; rewards_to_go = advantages_np + values_np``. Ported: the buffer is a float32 tensor
of the rewards' shape; the normalisation of the advantages for the loss, later, is left out.
"""
SOURCE = "code-search file 54755423651"
KIND = "gae: terminated only, last value 0, float32"
CAUSE = r"truncat|episode|across|bootstrap|last (step|row)|next_values|zero|reset|time.?limit"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    term = terminated.to(values.dtype)
    advantages = torch.zeros(rewards.shape, dtype=torch.float32)
    last_gae_lam = 0
    for t in reversed(range(len(rewards))):
        next_non_terminal = 1.0 - term[t]
        next_value = 0.0 if t == len(rewards) - 1 else values[t + 1]
        delta = rewards[t] + gamma * next_value * next_non_terminal - values[t]
        advantages[t] = last_gae_lam = delta + gamma * lam * next_non_terminal * last_gae_lam
    rewards_to_go = advantages + values
    return advantages, rewards_to_go
