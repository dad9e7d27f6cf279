"""Control: discounted_returns as a sum per step, ``G_i = sum(r * gamma**t for t, r in
enumerate(rewards[i:]))``: the exponent counted from step i, so the contract's return (in Python
floats, written back in the rewards' dtype).

Source: code-search file 32424672520, a numpy CartPole REINFORCE script's update: ``for i in
range(len(grads)): w += learning_rate * grads[i] * sum([r * (gamma ** t) for t, r in
enumerate(rewards[i:])])``. Ported: the return of each step i is collected into a tensor of the
rewards' dtype (``rewards.tolist()`` in, ``torch.tensor`` out).
"""
SOURCE = "code-search file 32424672520 (numpy CartPole REINFORCE, returns summed per step)"
KIND = "control"
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    dtype = rewards.dtype
    rewards = rewards.tolist()
    returns = [sum([r * (gamma ** t) for t, r in enumerate(rewards[i:])]) for i in range(len(rewards))]
    return torch.tensor(returns, dtype=dtype)
