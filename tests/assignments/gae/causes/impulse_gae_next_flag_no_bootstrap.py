"""CleanRL's loop with one `dones` tensor for everything: the TD error drops V(next) at any
episode end (no bootstrap at a truncation) and the recursion reads the next step's flag
(`nextnonterminal = 1 - dones[t + 1]`); float32."""
CAUSE = r"(?=.*next step's `terminated or truncated`)(?=.*\(1 - `terminated or truncated`\[t\]\) `next_values`\[t\])|(?=.*does not bootstrap at a truncation)(?=.*NEXT step's done flag)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).float()
    r, v, nv = rewards.float(), values.float(), next_values.float()
    T = r.shape[0]
    adv = torch.zeros_like(r)
    lastgaelam = torch.zeros_like(r[0])
    for t in reversed(range(T)):
        nextnonterminal = 1.0 - dones[t + 1] if t + 1 < T else torch.ones_like(dones[0])
        delta = r[t] + gamma * nv[t] * (1.0 - dones[t]) - v[t]
        lastgaelam = delta + gamma * lam * nextnonterminal * lastgaelam
        adv[t] = lastgaelam
    adv = adv.to(rewards.dtype)
    return adv, adv + values
