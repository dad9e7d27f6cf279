"""Control: discounted_returns as OpenAI Baselines' ``discount_with_dones`` with no episode end
inside the episode: walk the rewards backwards, ``r = reward + gamma * r * (1 - done)``, and
reverse the list. The issue's reporter thought the order was wrong and then saw the ``[::-1]``.

Source: https://github.com/openai/baselines/issues/224 (baselines/a2c/utils.py,
``discount_with_dones(rewards, dones, gamma)``): ``for reward, done in zip(rewards[::-1],
dones[::-1]): r = reward + gamma*r*(1.-done); discounted.append(r)``, ``return
discounted[::-1]``. Ported: one episode, so every done is 0 until its end; the list stacked
into a tensor.
"""
SOURCE = "https://github.com/openai/baselines/issues/224"
KIND = "control"
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    dones = torch.zeros_like(rewards)
    discounted = []
    r = 0
    for reward, done in zip(rewards.flip(0), dones.flip(0)):
        r = reward + gamma * r * (1. - done)
        discounted.append(r)
    return torch.stack(discounted[::-1])
