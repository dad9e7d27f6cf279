"""discounted_returns gives every step the whole episode's discounted return G_0.

Source: AkshayThiru/homework_fall2022, hw2/cs285/agents/pg_agent.py, ``_discounted_return``
(CS285 hw2): ``np.sum(rewards * gamma ** arange(T))`` repeated once per step: the homework's
trajectory-based estimator, where the reward-to-go is asked for. Ported: numpy -> torch.
"""
SOURCE = "AkshayThiru/homework_fall2022 hw2/cs285/agents/pg_agent.py (_discounted_return)"
KIND = "returns: whole-episode return at every step"
CAUSE = r"whole episode|every step got|G_0|from step t on"

import torch


def discounted_returns(rewards, gamma):
    discounted_return = torch.sum(
        rewards * torch.pow(gamma, torch.arange(len(rewards), dtype=rewards.dtype)))
    list_of_discounted_returns = [discounted_return] * len(rewards)
    return torch.stack(list_of_discounted_returns) if len(rewards) else torch.zeros_like(rewards)
