"""approx_kl returns ``.mean().item()``: a Python float, not a tensor.

Source: openai/spinningup, spinup/algos/pytorch/ppo/ppo.py, ``compute_loss_pi``: ``approx_kl =
(logp_old - logp).mean().item()`` (logged there, the graded return here).
"""
SOURCE = "openai/spinningup spinup/algos/pytorch/ppo/ppo.py (compute_loss_pi)"
KIND = "type: Python float"
CAUSE = r"float|item|tensor|type"

import torch


def approx_kl(logp_old, logp_new):
    approx_kl = (logp_old - logp_new).mean().item()
    return approx_kl
