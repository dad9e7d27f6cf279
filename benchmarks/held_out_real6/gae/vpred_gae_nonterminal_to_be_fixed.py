"""GAE with ``nonterminal = 1  # to be fixed``: episode ends are never read, so the recursion runs
across every termination and truncation and a terminated step bootstraps; the advantages are
kept in a float32 array; the next state's value is the next entry of ``v_evals``.

Source: code-search file 32495444181, ``def gae(rewards, v_evals, gamma, lam): # [r1, ..., rT],
[V1, ..., VT, VT+1]``: ``adv_gae = np.empty(rew_len, 'float32'); for i in reversed(...):
nonterminal = 1 # to be fixed; delta = rewards[i] + gamma * v_evals[i+1] * nonterminal -
v_evals[i]; adv_gae[i] = lastgaelam = delta + gamma * lam * nonterminal * lastgaelam``; ``ret =
[v + adv ...]``. Ported: ``v_evals`` is ``values`` followed by the last row of ``next_values``;
the float32 buffer keeps the rows' shape; answers as tensors of the inputs' dtype.
"""
SOURCE = "code-search file 32495444181 (gae(rewards, v_evals, gamma, lam), nonterminal = 1)"
KIND = "gae: no episode ends"
CAUSE = r"terminat|done|episode|across|reset|next_values|next (row|state)|truncat|boundar"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r = rewards.detach().numpy()
    v_evals = np.concatenate([values.detach().numpy(), next_values.detach().numpy()[-1:]], axis=0)
    rew_len = len(r)
    adv_gae = np.empty(r.shape, 'float32')
    lastgaelam = 0
    for i in reversed(range(rew_len)):
        nonterminal = 1  # to be fixed
        delta = r[i] + gamma * v_evals[i + 1] * nonterminal - v_evals[i]
        adv_gae[i] = lastgaelam = delta + gamma * lam * nonterminal * lastgaelam
    ret = [v + adv for v, adv in zip(v_evals, adv_gae)]
    dtype = values.dtype
    return torch.as_tensor(adv_gae).to(dtype), torch.as_tensor(np.array(ret)).to(dtype)
