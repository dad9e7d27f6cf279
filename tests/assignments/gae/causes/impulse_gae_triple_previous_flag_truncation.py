"""Three deviations: the recursion cut by the previous step's flag (`dones[t - 1]`, an
off-by-one in a forward-indexed buffer), at terminations only, and the TD error without a
bootstrap at truncations; float32 accumulator."""
CAUSE = r"(?=.*previous step's `terminated`)(?=.*\(1 - `terminated or truncated`\[t\]\) `next_values`\[t\])|no episode end in the inputs.*go wrong where an episode ends"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    done = (terminated | truncated).to(rewards.dtype)
    term = terminated.float()
    deltas = (rewards + gamma * (1 - done) * next_values - values).float()
    adv = torch.zeros_like(deltas)
    acc = torch.zeros_like(deltas[0])
    for t in reversed(range(T)):
        keep = 1.0 - term[t - 1] if t > 0 else torch.ones_like(term[0])
        acc = deltas[t] + gamma * lam * keep * acc
        adv[t] = acc
    adv = adv.to(rewards.dtype)
    return adv, adv + values
