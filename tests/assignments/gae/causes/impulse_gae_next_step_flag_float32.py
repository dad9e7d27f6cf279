"""CleanRL's loop ported with its done convention: `nextnonterminal = 1 - dones[t + 1]` (the flag
of the step after t, which in CleanRL marks the start of a new episode) where this contract's
flags mark the step that ended it; the TD error masked right, float32 accumulator."""
CAUSE = r"next step's `terminated or truncated`|not step t\+1's"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).float()
    T = rewards.shape[0]
    deltas = (rewards + gamma * next_values * (1.0 - terminated.to(rewards.dtype)) - values).float()
    adv = torch.zeros_like(deltas)
    lastgaelam = torch.zeros_like(deltas[0])
    for t in reversed(range(T)):
        nextnonterminal = 1.0 - dones[t + 1] if t + 1 < T else torch.ones_like(dones[0])
        lastgaelam = deltas[t] + gamma * lam * nextnonterminal * lastgaelam
        adv[t] = lastgaelam
    adv = adv.to(rewards.dtype)
    return adv, adv + values
