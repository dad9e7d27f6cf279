"""compute_gae from a baselines-style PPO2 runner: the advantage recursion is baselines' own, but
the lambda is the constant 0.95 written into it (``self.gamma * 0.95 * nextnonterminal *
lastgaelam``), whatever lambda is configured; the done flag (terminated or truncated) cuts both
the bootstrap and the recursion.

Source: code-search file 1848465951, ``for t in reversed(range(self.nsteps)): if t == self.nsteps -
1: nextnonterminal = 1.0 - last_done; nextvalues = last_value else: nextnonterminal = 1.0 -
dones[t + 1]; nextvalues = values[t + 1]; delta = rewards[t] + self.gamma * nextvalues *
nextnonterminal - values[t]; advs[t] = lastgaelam = delta + self.gamma * 0.95 * nextnonterminal *
lastgaelam; rewards = advs + values``. Ported: baselines' ``dones[t + 1]`` (the flag stored with
the next observation) is the done of step t here, ``last_value`` the last row of ``next_values``.
"""
SOURCE = "code-search file 1848465951"
KIND = "gae: lambda fixed at 0.95"
CAUSE = r"lam|λ|0\.95|constant|fixed|hard.?coded|truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(values.dtype)
    nsteps = rewards.shape[0]
    advs = torch.zeros_like(rewards)
    lastgaelam = 0
    for t in reversed(range(nsteps)):
        nextnonterminal = 1.0 - dones[t]
        if t == nsteps - 1:
            nextvalues = next_values[-1]
        else:
            nextvalues = values[t + 1]
        delta = rewards[t] + gamma * nextvalues * nextnonterminal - values[t]
        advs[t] = lastgaelam = delta + gamma * 0.95 * nextnonterminal * lastgaelam
    return advs, advs + values
