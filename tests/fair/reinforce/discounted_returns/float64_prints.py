"""float64 inside whatever comes in (Python floats), cast back at the end; prints as it goes."""
import torch


def discounted_returns(rewards, gamma):
    print(f"discounting {len(rewards)} rewards with gamma={gamma}")
    values = rewards.tolist()
    running, out = 0.0, [0.0] * len(values)
    for t in reversed(range(len(values))):
        running = values[t] + gamma * running
        out[t] = running
    print("G_0 =", out[0])
    return torch.tensor(out, dtype=torch.float64).to(rewards.dtype)
