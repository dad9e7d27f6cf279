"""A loop that cuts the recursion at terminations only (a truncated episode's advantage runs
into the next episode) and discounts with its training script's gamma = 0.99, the mask built in
float32."""
CAUSE = r"(?=.*truncation)(?=.*`gamma` is fixed at 0\.99)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    gamma = 0.99
    adv = torch.zeros_like(rewards)
    last = torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        nonterm = 1.0 - terminated[t].float()
        delta = rewards[t] + gamma * next_values[t] * nonterm - values[t]
        last = delta + gamma * lam * nonterm * last
        adv[t] = last
    return adv, adv + values
