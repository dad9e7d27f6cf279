"""One environment at a time: a 1-D recursion, columns stacked back for (T, N)."""
import torch


def _one(r, v, nv, term, trunc, gamma, lam):
    out, running = [], 0.0
    for t in reversed(range(len(r))):
        delta = r[t] + (0.0 if term[t] else gamma * nv[t]) - v[t]
        running = delta + (0.0 if (term[t] or trunc[t]) else gamma * lam * running)
        out.append(running)
    return torch.stack(out[::-1])


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    if rewards.dim() == 1:
        adv = _one(rewards, values, next_values, terminated, truncated, gamma, lam)
    else:
        adv = torch.stack([_one(*(x[:, n] for x in (rewards, values, next_values, terminated,
                                                   truncated)), gamma, lam)
                           for n in range(rewards.shape[1])], dim=1)
    return adv, adv + values
