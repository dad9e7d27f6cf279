"""gamma 0.99 fixed, advantages appended to a list and reversed, then standardised with the
sample std; the targets from the raw advantages."""
CAUSE = r"gamma = 0\.99 whatever is passed.*standardised inside compute_gae \(minus their mean, over their sample std\)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, 0.99)
    ends = terminated | truncated
    advs, gae = [], torch.zeros_like(deltas[0])
    for t in range(deltas.shape[0] - 1, -1, -1):
        gae = deltas[t] + 0.99 * lam * (~ends[t]).to(deltas.dtype) * gae
        advs.append(gae)
    raw = torch.stack(advs[::-1])
    return (raw - raw.mean()) / (raw.std() + 1e-8), raw + values
