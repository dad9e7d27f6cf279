"""Three deviations of a hand-ported loop: V(s_{t+1}) read from `values[t + 1]` (next_values
only after the last row), the recursion decayed by lambda alone, and cut by the next step's
done flag (CleanRL's `1 - dones[t + 1]` kept with this contract's flags); float32."""
CAUSE = r"(?=.*values`\[t\+1\])(?=.*lam\^\(k - t\))(?=.*next step's `terminated or truncated`)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    r, v = rewards.float(), values.float()
    dones = (terminated | truncated).float()
    alive = 1.0 - terminated.float()
    adv = torch.zeros_like(r)
    last = torch.zeros_like(r[0])
    for t in reversed(range(T)):
        nv = v[t + 1] if t + 1 < T else next_values[t].float()
        carry = 1.0 - dones[t + 1] if t + 1 < T else torch.ones_like(dones[0])
        delta = r[t] + gamma * alive[t] * nv - v[t]
        last = delta + lam * carry * last
        adv[t] = last
    adv = adv.to(rewards.dtype)
    return adv, adv + values
