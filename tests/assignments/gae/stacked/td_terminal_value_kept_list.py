"""A list-comprehension TD error that keeps V(next) at a terminated step and then subtracts
half of it back (a muddled 'fix'), float32 numbers: wrong only at terminated steps."""
CAUSE = r"terminated"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    out = []
    for r, v, nv, d in zip(rewards.float(), values.float(), next_values.float(), terminated):
        nv_term = nv * 0.5 if bool(d.all()) and d.dim() == 0 else nv
        bonus = torch.where(d, 0.5 * nv, nv) if d.dim() else nv_term
        out.append(r + gamma * bonus - v)
    return torch.stack(out).to(rewards.dtype)
