"""An Atari-style loop: rewards clipped to [-1, 1] first (np.sign would be another wrapper), then
CleanRL's values[t + 1] as the next value, masked by terminated."""
CAUSE = r"(?=.*values\[t \+ 1\])(?=.*clipped to \[-1, 1\])"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rewards = torch.clamp(rewards, -1.0, 1.0)
    T = rewards.shape[0]
    adv = torch.zeros_like(rewards)
    lastgaelam = 0
    for t in reversed(range(T)):
        nextvalues = next_values[t] if t == T - 1 else values[t + 1]
        nonterminal = 1.0 - terminated[t].to(rewards.dtype)
        delta = rewards[t] + gamma * nextvalues * nonterminal - values[t]
        lastgaelam = delta + gamma * lam * (1.0 - (terminated[t] | truncated[t]).to(rewards.dtype)) * lastgaelam
        adv[t] = lastgaelam
    return adv, adv + values
