"""compute_gae from a causal-RL trainer's utilities: the values hold one more step than the
rewards and each step bootstraps from the NEXT ROW (``values[:, t+1]``), masked by ``1 -
dones[:, t]``, so a truncated step is NOT bootstrapped ("this function assumes the value of
terminal states in ``values`` is already 0"); the function returns only the advantages.

Source: ccnets-team/causal-rl training/trainer_utils.py, ``def compute_gae(values, rewards, dones,
gamma=0.99, tau=0.95): gae = 0; advantages = torch.zeros_like(rewards); for t in
reversed(range(rewards.size(1))): delta = rewards[:, t] + gamma * values[:, t+1] * (1 - dones[:,
t]) - values[:, t]; gae = delta + gamma * tau * gae * (1 - dones[:, t]); advantages[:, t] = gae;
return advantages``. Ported: time on dimension 0; ``values`` is extended with the last row of
``next_values``; ``dones`` is ``terminated | truncated``; ``tau`` is ``lam``; the returns the
contract asks for are ``advantages + values``.
"""
SOURCE = "ccnets-team/causal-rl training/trainer_utils.py"
KIND = "gae: truncation not bootstrapped, next value from the next row"
CAUSE = r"bootstrap|truncat|next_values|next (row|state)|shift|reset"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    values_ext = torch.cat([values, next_values[-1:]], dim=0)
    gae = 0
    advantages = torch.zeros_like(rewards)
    for t in reversed(range(rewards.size(0))):
        delta = rewards[t] + gamma * values_ext[t + 1] * (1 - dones[t]) - values_ext[t]
        gae = delta + gamma * lam * gae * (1 - dones[t])
        advantages[t] = gae
    return advantages, advantages + values
