"""A callable estimator object that remembers its last call, and prints a summary."""
import torch


class GAE:
    def __init__(self):
        self.calls = 0

    def __call__(self, rewards, values, next_values, terminated, truncated, gamma, lam):
        self.calls += 1
        not_term = torch.logical_not(terminated).to(rewards.dtype)
        not_done = torch.logical_not(terminated.logical_or(truncated)).to(rewards.dtype)
        adv = torch.zeros_like(rewards)
        nxt = torch.zeros_like(rewards[0])
        for t in reversed(range(len(rewards))):
            delta = rewards[t] + gamma * not_term[t] * next_values[t] - values[t]
            nxt = delta + gamma * lam * not_done[t] * nxt
            adv[t] = nxt
        print(f"GAE call {self.calls}: mean advantage {adv.mean().item():.3f}")
        return adv, adv + values


compute_gae = GAE()
