"""The recursion decays by lambda alone (gamma left out of `gamma * lam`) and is cut at
terminations only (a truncation lets the sum run on), in numpy float32."""
CAUSE = r"(?=.*lam\^\(k - t\))(?=.*cut at a step whose `terminated` is True)|(?=.*no truncation in the inputs)(?=.*`gamma` = 1)"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r = rewards.numpy().astype(np.float32)
    v = values.numpy().astype(np.float32)
    nv = next_values.numpy().astype(np.float32)
    alive = 1.0 - terminated.numpy().astype(np.float32)
    deltas = r + gamma * alive * nv - v
    adv = np.zeros_like(deltas)
    acc = np.zeros_like(deltas[0])
    for t in range(len(deltas) - 1, -1, -1):
        acc = deltas[t] + lam * alive[t] * acc
        adv[t] = acc
    adv = torch.from_numpy(adv).to(rewards.dtype)
    return adv, adv + values
