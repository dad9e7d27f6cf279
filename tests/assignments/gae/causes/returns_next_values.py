"""The value targets add next_values to the advantages (V(s_{t+1}) where V(s_t) belongs);
the advantages built in a list, back to front."""
CAUSE = r"NEXT state's value \(advantages \+ next_values\)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    ends = terminated | truncated
    out = []
    for t in range(deltas.shape[0] - 1, -1, -1):
        carry = out[-1] * (~ends[t]).to(deltas.dtype) if out else torch.zeros_like(deltas[t])
        out.append(deltas[t] + gamma * lam * carry)
    advantages = torch.stack(out[::-1])
    return advantages, advantages + next_values
