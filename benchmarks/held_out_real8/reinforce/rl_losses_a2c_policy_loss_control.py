"""A control: reinforce_loss from an RL loss-function module's ``a2c_policy_loss``:
``-(log_probs * advantages.detach()).mean()``, the advantages being the returns minus a baseline.

Source: code-search file 52977417506 (a2c_policy_loss), ``def a2c_policy_loss(log_probs,
advantages): return -(log_probs * advantages.detach()).mean()``. Ported: the advantages are
``returns`` minus ``baseline`` when one is given (a float or a tensor that broadcasts).
"""
SOURCE = "code-search file 52977417506 (a2c_policy_loss)"
KIND = "control: a2c policy loss on returns minus baseline"
CORRECT = True

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    advantages = returns if baseline is None else returns - baseline
    return -(logprobs * advantages.detach()).mean()
