"""compute_gae from a Beta/LogNormal-policy PPO (``calc_gae(reward_batch, val_batch, last_val,
gamma, lmbda)``): the advantages are written into a float32 numpy buffer; each step bootstraps from
the next row of the values (the last from ``last_val``), and there is no done flag at all.

Source: code-search file 22133174951, ``advantage_batch = np.zeros(shape=(reward_batch.shape[0],
1), dtype=np.float32); advantage = 0.0; for idx in reversed(range(reward_batch.shape[0])): if idx
== reward_batch.shape[0]-1: next_val = last_val else: next_val = val_batch[idx+1]; delta =
reward_batch[idx] + gamma * next_val - val_batch[idx]; advantage = delta + gamma * lmbda *
advantage; advantage_batch[idx] = advantage; return_batch = advantage_batch + val_batch``.
Ported: ``last_val`` is the last row of ``next_values``; the buffer is a float32 tensor of the
rewards' shape; the pair is returned advantages first.
"""
SOURCE = "code-search file 22133174951"
KIND = "gae: no dones, float32 buffer"
CAUSE = r"terminat|done|episode|across|reset|next_values|next (row|state)|shift"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    advantage_batch = torch.zeros(rewards.shape, dtype=torch.float32)
    last_val = next_values[-1]
    advantage = 0.0
    for idx in reversed(range(rewards.shape[0])):
        if idx == rewards.shape[0] - 1:
            next_val = last_val
        else:
            next_val = values[idx + 1]
        delta = rewards[idx] + gamma * next_val - values[idx]
        advantage = delta + gamma * lam * advantage
        advantage_batch[idx] = advantage
    return_batch = advantage_batch + values
    return advantage_batch, return_batch
