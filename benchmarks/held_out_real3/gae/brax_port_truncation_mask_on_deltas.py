"""compute_gae in brax's V-trace-like form, ported to torch: V(s_{t+1}) is the next row's value;
the TD error of a truncated step is multiplied by 0 (``deltas *= truncation_mask``) instead of
bootstrapping; the returned advantage is ``r_t + gamma * vs_{t+1} - V_t`` (one step on the
lambda-returns ``vs``), which is ``delta_t + gamma * A_{t+1}``, not ``delta_t + gamma * lam *
A_{t+1}``, again zeroed at truncations; and the value targets ``vs`` come back as the returns.

Source: code-search file 15951044317 (a torch port of brax's PPO, ``Agent.compute_gae``):
``truncation_mask = 1 - truncation``, ``values_t_plus_1 = torch.cat([values[1:],
torch.unsqueeze(bootstrap_value, 0)], dim=0)``, ``deltas = reward + self.discounting * (1 -
termination) * values_t_plus_1 - values``, ``deltas *= truncation_mask``, the backward loop
``acc = deltas[ti] + self.discounting * (1 - termination[ti]) * truncation_mask[ti] *
self.lambda_ * acc``, ``vs = vs_minus_v_xs + values``, ``advantages = (reward + self.discounting
* (1 - termination) * vs_t_plus_1 - values) * truncation_mask``, ``return vs, advantages``.
Ported: the flags as floats, ``bootstrap_value = next_values[-1]``; ``(advantages, vs)``.
"""
SOURCE = "code-search file 15951044317 (brax-style compute_gae in torch, deltas *= truncation_mask)"
KIND = "gae: truncated steps zeroed + one-step advantage on the lambda-returns"
CAUSE = (r"truncat|bootstrap|lambda|\blam\b|next row|values\[t ?\+ ?1\]|shift|"
         r"lambda.?return|v.?trace|zero\w* .{0,30}truncat")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    truncation = truncated.to(rewards.dtype)
    termination = terminated.to(rewards.dtype)
    reward = rewards
    bootstrap_value = next_values[-1]
    truncation_mask = 1 - truncation
    values_t_plus_1 = torch.cat([values[1:], torch.unsqueeze(bootstrap_value, 0)], dim=0)
    deltas = reward + gamma * (1 - termination) * values_t_plus_1 - values
    deltas *= truncation_mask
    acc = torch.zeros_like(bootstrap_value)
    vs_minus_v_xs = torch.zeros_like(truncation_mask)
    for ti in range(truncation_mask.shape[0]):
        ti = truncation_mask.shape[0] - ti - 1
        acc = deltas[ti] + gamma * (1 - termination[ti]) * truncation_mask[ti] * lam * acc
        vs_minus_v_xs[ti] = acc
    vs = vs_minus_v_xs + values
    vs_t_plus_1 = torch.cat([vs[1:], torch.unsqueeze(bootstrap_value, 0)], 0)
    advantages = (reward + gamma * (1 - termination) * vs_t_plus_1 - values) * truncation_mask
    return advantages, vs
