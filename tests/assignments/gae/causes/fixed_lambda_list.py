"""compute_gae with lambda fixed at 0.9 (``tau = 0.9``), advantages built in a list with
insert(0, ...)."""
CAUSE = r"lambda = 0\.9 whatever is passed"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    tau = 0.9
    masks = 1 - terminated.double()
    ends = 1 - (terminated | truncated).double()
    gae, out = 0.0, []
    for step in reversed(range(len(rewards))):
        delta = rewards[step] + gamma * next_values[step] * masks[step] - values[step]
        gae = delta + gamma * tau * ends[step] * gae
        out.insert(0, gae)
    advantages = torch.stack([torch.as_tensor(a) for a in out]).to(rewards.dtype)
    return advantages, advantages + values
