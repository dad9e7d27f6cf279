"""numpy port: a discount filter over the TD errors of the whole rollout, no episode cut
(the scipy.signal.lfilter trick of spinning-up, written as a loop), float32 inside."""
CAUSE = r"recursion runs across episode ends|leaked across an episode boundary"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = (x.detach().cpu().numpy().astype(np.float32) for x in (rewards, values, next_values))
    alive = 1.0 - terminated.cpu().numpy().astype(np.float32)
    deltas = r + gamma * alive * nv - v
    adv = np.zeros_like(deltas)
    acc = np.zeros_like(deltas[0])
    for t in reversed(range(len(deltas))):
        acc = deltas[t] + gamma * lam * acc
        adv[t] = acc
    advantages = torch.as_tensor(adv).to(rewards.dtype)
    return advantages, advantages + values
