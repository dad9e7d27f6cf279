"""Correct, written differently: CleanRL-style loop with lastgaelam, in numpy."""
import numpy as np
import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    r, v, nv = (x.detach().numpy() for x in (rewards, values, next_values))
    nonterminal = 1.0 - terminated.numpy().astype(r.dtype)
    return torch.from_numpy(r + gamma * nv * nonterminal - v)


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    delta = td_residuals(rewards, values, next_values, terminated, gamma).numpy()
    done = np.logical_or(terminated.numpy(), truncated.numpy())
    adv = np.zeros_like(delta)
    lastgaelam = np.zeros_like(delta[0])
    for t in reversed(range(len(delta))):
        lastgaelam = delta[t] + gamma * lam * np.where(done[t], 0.0, 1.0).astype(delta.dtype) * lastgaelam
        adv[t] = lastgaelam
    advantages = torch.from_numpy(adv)
    return advantages, advantages + values
