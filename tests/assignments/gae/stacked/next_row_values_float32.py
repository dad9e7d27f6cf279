"""CleanRL-style: V(s_{t+1}) read from the next row of `values` (next_values only for the last
row), so an episode end takes the new episode's first value; float32 intermediate and
returns = advantages + values in float32."""
CAUSE = r"values change|which step.s value|values\[t \+ 1\]|next state.s value"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    v = values.float()
    nxt = torch.cat([v[1:], next_values[-1:].float()])
    dones = (terminated | truncated).float()
    deltas = rewards.float() + gamma * nxt * (1 - terminated.float()) - v
    adv = torch.zeros_like(deltas)
    gae = torch.zeros_like(deltas[0])
    for t in reversed(range(T)):
        gae = deltas[t] + gamma * lam * (1 - dones[t]) * gae
        adv[t] = gae
    ret = adv + v
    return adv.to(values.dtype), ret.to(values.dtype)
