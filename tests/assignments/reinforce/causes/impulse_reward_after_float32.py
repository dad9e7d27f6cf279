"""The return is stored before the step's own reward is added (a reversed loop that inserts
`running` first, as in several hand-written REINFORCE loops), so G_t sums the rewards after t,
discounted one step less; kept in Python floats and cast through float32 at the end."""
CAUSE = r"(?=.*rewards of the steps after t)(?=.*gamma\^\(k - t - 1\))|G_\{t\+1\}"

import torch


def discounted_returns(rewards, gamma):
    running, out = 0.0, []
    for r in reversed(rewards.tolist()):
        out.insert(0, running)
        running = r + gamma * running
    return torch.tensor(out, dtype=torch.float32).to(rewards.dtype)
