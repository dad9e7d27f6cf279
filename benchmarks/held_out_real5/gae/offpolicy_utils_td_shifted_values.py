"""td_residuals that builds the next state's value from the NEXT ROW of ``values``
(``next_values[:-1] = value[1:]``) and takes the given bootstrap only for the last row, so inside
the rollout ``V(s_{t+1})`` is ``values[t + 1]`` rather than ``next_values[t]`` (wrong wherever an
episode was truncated or reset between the rows).

Source: code-search file 59713354567, an off-policy utilities module: ``def td_residual(rewards,
dones, value, bootstrap_value, gamma): next_values = torch.zeros_like(value); next_values[:-1] =
value[1:]; next_values[-1] = bootstrap_value[-1]; next_non_terminal = 1.0 - dones; assert
(bootstrap_value[:-1] == 0.0).all(), "bootstrap_value Error"; deltas = rewards + gamma *
next_values * next_non_terminal - value``. Ported: ``dones = terminated`` (cast to the values'
dtype), ``bootstrap_value = next_values``; the source's assertion on its own buffer layout
(zeros but in the last row) is dropped, since the contract's ``next_values`` are all filled.
"""
SOURCE = "code-search file 59713354567 (off-policy utils td_residual, next values from value[1:])"
KIND = "gae: next row of values"
CAUSE = r"next_values|values\[t ?\+ ?1\]|next (row|state)|shift\w*|one (row|step) (later|ahead)|truncat|reset"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    value, bootstrap_value = values, next_values
    dones = terminated.to(values.dtype)
    next_values = torch.zeros_like(value)
    next_values[:-1] = value[1:]
    next_values[-1] = bootstrap_value[-1]
    next_non_terminal = 1.0 - dones
    deltas = rewards + gamma * next_values * next_non_terminal - value
    return deltas
