"""reinforce_update as the gradient-bandit preference update, written into the caller's tensor.

Source: MouseTrap-codes/rlmathtoolkit, bandits/updates/gradient_pref.py,
``gradient_pref_update``: for each a, ``h_t_values[a] = h_t_values[a] + alpha * (reward_t -
average_reward_t) * (1 - pi_t_values[a])`` for the chosen action, ``- alpha * (...) *
pi_t_values[a]`` for the others: right values, stored into the preferences passed in. Ported:
the preferences are the logits, pi their softmax, the baseline 0 (the contract has none).
"""
SOURCE = "MouseTrap-codes/rlmathtoolkit bandits/updates/gradient_pref.py (gradient_pref_update)"
KIND = "input modified in place"
CAUSE = r"in place|modified|overwr|new tensor"

import torch


def reinforce_update(logits, action, ret, lr):
    pi_t_values = torch.softmax(logits, dim=-1)
    h_t_values = logits
    average_reward_t = 0.0
    for a in range(len(h_t_values)):
        if a == action:
            h_t_values[a] = h_t_values[a] + lr * (ret - average_reward_t) * (1 - pi_t_values[a])
        else:
            h_t_values[a] = h_t_values[a] - lr * (ret - average_reward_t) * pi_t_values[a]
    return h_t_values
