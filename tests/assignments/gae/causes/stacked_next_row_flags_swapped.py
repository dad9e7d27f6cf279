"""CleanRL's values[t + 1] as the next value (the last row from next_values), and the flags
taken the other way round: the bootstrap is dropped at a truncation, kept after a termination;
numpy inside."""
CAUSE = r"(?=.*values\[t \+ 1\])(?=.*`terminated` and `truncated` are swapped)"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, truncated, terminated, gamma, lam):
    r, v, nv = rewards.numpy(), values.numpy(), next_values.numpy()
    term, done = terminated.numpy(), (terminated | truncated).numpy()
    T = r.shape[0]
    adv = np.zeros_like(r)
    running = np.zeros_like(r[0])
    for t in reversed(range(T)):
        nxt = v[t + 1] if t + 1 < T else nv[-1]
        delta = r[t] + gamma * nxt * (1.0 - term[t]) - v[t]
        running = delta + gamma * lam * (1.0 - done[t]) * running
        adv[t] = running
    adv = torch.from_numpy(adv)
    return adv, adv + values
