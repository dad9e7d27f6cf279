"""compute_gae of the Brax PPO port to PyTorch: the truncation mask multiplies the deltas and the
advantages, so a truncated step gets advantage 0 instead of bootstrapping from its next value;
the next state's value is the next row of ``values`` (the bootstrap value only after the last
row); and the advantages it returns are one-step ``r + gamma * (1 - term) * vs_{t+1} - v_t``
built on the lambda-returns ``vs``, not the lambda-weighted sum of deltas.

Source: code-search file 787841115, a Brax PPO notebook in PyTorch, ``Agent.compute_gae(self,
truncation, termination, reward, values, bootstrap_value)``: ``deltas = reward + discounting * (1
- termination) * values_t_plus_1 - values; deltas *= truncation_mask; acc = deltas[ti] +
discounting * (1 - termination[ti]) * truncation_mask[ti] * lambda_ * acc; vs = vs_minus_v_xs +
values; advantages = (reward + discounting * (1 - termination) * vs_t_plus_1 - values) *
truncation_mask; return vs, advantages``. Ported: ``bootstrap_value`` is the last row of
``next_values``, the flags as floats of the values' dtype, the pair returned as
``(advantages, vs)``.
"""
SOURCE = "code-search file 787841115 (Brax PPO in PyTorch, Agent.compute_gae)"
KIND = "gae: truncated step zeroed"
CAUSE = r"truncat|bootstrap|next_values|next (row|state)|lambda|λ"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    discounting, lambda_ = gamma, lam
    reward, values = rewards.detach(), values.detach()
    termination = terminated.to(values.dtype)
    truncation = truncated.to(values.dtype)
    bootstrap_value = next_values.detach()[-1]
    truncation_mask = 1 - truncation
    values_t_plus_1 = torch.cat([values[1:], torch.unsqueeze(bootstrap_value, 0)], dim=0)
    deltas = reward + discounting * (1 - termination) * values_t_plus_1 - values
    deltas *= truncation_mask

    acc = torch.zeros_like(bootstrap_value)
    vs_minus_v_xs = torch.zeros_like(truncation_mask)
    for ti in range(truncation_mask.shape[0]):
        ti = truncation_mask.shape[0] - ti - 1
        acc = (deltas[ti] + discounting * (1 - termination[ti]) * truncation_mask[ti]
               * lambda_ * acc)
        vs_minus_v_xs[ti] = acc

    vs = vs_minus_v_xs + values
    vs_t_plus_1 = torch.cat([vs[1:], torch.unsqueeze(bootstrap_value, 0)], 0)
    advantages = (reward + discounting * (1 - termination) * vs_t_plus_1 - values) * truncation_mask
    return advantages, vs
