"""A correct discounted_returns built with a deque: the last reward is the last return, and each
earlier return ``r_i + gamma * G_{i+1}`` is pushed onto the left of the deque, so the deque ends up
holding ``G_0 ... G_{T-1}`` in order.

Source: code-search file 8986137642, a REINFORCE / actor-critic module: ``def calc_disc_return(r_t
, gamma = 0.998): G_t = deque(maxlen = len(r_t)); G_t.append(r_t[-1]); for i in
reversed(r_t[:-1]): disc = i + (gamma*G_t[0]); G_t.appendleft(disc); return np.array(G_t)``.
Ported: ``r_t`` is the rewards as a list of Python floats; the numpy array returned as a tensor of
the rewards' dtype.
"""
SOURCE = "code-search file 8986137642 (calc_disc_return with a deque)"
KIND = "reinforce: control (returns pushed onto a deque)"
CORRECT = True

from collections import deque

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r_t = rewards.tolist()
    G_t = deque(maxlen=len(r_t))
    G_t.append(r_t[-1])
    for i in reversed(r_t[:-1]):
        disc = i + (gamma * G_t[0])
        G_t.appendleft(disc)
    return torch.as_tensor(np.array(G_t)).to(rewards.dtype)
