"""No bootstrap at a truncation (the TD error masks V(next) with `terminated or truncated`), and
the value targets built from the next values (`adv + next_values`), in a vectorised matrix
form of the recursion."""
CAUSE = r"(?=.*\(1 - `terminated or truncated`\[t\]\) `next_values`\[t\])(?=.*plus `next_values`)|(?=.*no truncation in the inputs)(?=.*one value for every state)|differs only at the positions where `terminated` is False"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    done = terminated | truncated
    deltas = rewards + gamma * (~done).to(rewards.dtype) * next_values - values
    keep = gamma * lam * (~done).to(rewards.dtype)
    adv = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in range(deltas.shape[0] - 1, -1, -1):
        running = deltas[t] + keep[t] * running
        adv[t] = running
    return adv, adv + next_values
