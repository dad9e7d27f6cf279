"""Control: discounted_returns as an O(T^2) sum, sum over k >= t of gamma ** (k - t) * r_k.

Source: AkshayThiru/homework_fall2022, hw2/cs285/agents/pg_agent.py, ``_discounted_cumsum``
(CS285 hw2): for each i, ``np.sum(rewards[i:] * gamma ** arange(T - i))``. Correct, in an
unusual shape. Ported: numpy -> torch (an empty episode gives an empty tensor, as the list did).
"""
SOURCE = "AkshayThiru/homework_fall2022 hw2/cs285/agents/pg_agent.py (_discounted_cumsum)"
KIND = "control"
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    list_of_discounted_cumsums = []
    for i in range(len(rewards)):
        list_of_discounted_cumsums.append(
            torch.sum(rewards[i:] * torch.pow(gamma, torch.arange(len(rewards) - i,
                                                                  dtype=rewards.dtype))))
    return torch.stack(list_of_discounted_cumsums) if list_of_discounted_cumsums \
        else torch.zeros_like(rewards)
