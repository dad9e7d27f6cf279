"""The classic loop that reads V(s_{t+1}) from `values[t + 1]` (and next_values only on the last
step), so the value after an episode's end is the next episode's first; float32 buffers."""
CAUSE = r"values`\[t\+1\]|values\[t \+ 1\]"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    r, v = rewards.float(), values.float()
    not_term = 1.0 - terminated.float()
    not_done = 1.0 - (terminated | truncated).float()
    adv = torch.zeros_like(r)
    gae = torch.zeros_like(r[0])
    for t in reversed(range(T)):
        nv = next_values[t].float() if t == T - 1 else v[t + 1]
        delta = r[t] + gamma * nv * not_term[t] - v[t]
        gae = delta + gamma * lam * not_done[t] * gae
        adv[t] = gae
    adv = adv.to(rewards.dtype)
    return adv, adv + values
