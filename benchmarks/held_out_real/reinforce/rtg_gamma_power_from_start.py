"""discounted_returns discounts from the start of the episode: G_t = sum_{k>=t} gamma ** k r_k.

Source: public code in the code-search corpus (file id 35038421158, a cleanrl-based vanilla PG;
the index does not name its repository; the same function is in file 46110109391):
``gamma_power = np.power(gamma, np.arange(T)); np.flip(np.flip(r * gamma_power).cumsum())``,
its docstring ``reward_to_go = sum_{t'} r * gamma^(t')``. Ported: numpy -> torch.
"""
SOURCE = "code-search file 35038421158 (cleanrl-based vanilla PG, reward_to_go)"
KIND = "returns: discount exponent from the episode start"
CAUSE = r"start of the episode|gamma \*\* k|from step t itself|discount exponent"

import torch


def discounted_returns(rewards, gamma):
    T = rewards.shape[0]
    gamma_power = torch.pow(gamma, torch.arange(T, dtype=rewards.dtype))
    return torch.flip(torch.flip(rewards * gamma_power, dims=[-1]).cumsum(dim=-1), dims=[-1])
