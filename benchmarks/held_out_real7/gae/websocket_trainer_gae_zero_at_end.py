"""compute_gae from a WebSocket-bridged PPO trainer: ``nextv = 0.0 if t == len(rew)-1 or done[t]
else v[t+1]``: the value of the next state is taken from the NEXT ROW of the values, it is ZERO
at every done step (a truncation included: no bootstrap) and ALSO zero at the last step of the
rollout, so an episode cut by the rollout's end is treated as terminated; the recursion is
stopped at a done step.

Source: code-search file 44152617681, ``for t in reversed(range(len(rew))): nextv = 0.0 if t ==
len(rew)-1 or done[t] else v[t+1]; delta = rew[t] + gamma * nextv - v[t]; lastgaelam = delta +
gamma * lam * lastgaelam * (0.0 if done[t] else 1.0); adv[t] = lastgaelam; ret = adv + v``.
Ported: ``done`` is ``terminated | truncated``; ``gamma`` and ``lam`` are the arguments (the
source's 0.99, 0.95); the per-step choice is a ``torch.where`` so that ``(T, N)`` inputs work;
``next_values`` is unused, as in the source.
"""
SOURCE = "code-search file 44152617681"
KIND = "gae: next value from the next row, zero at dones and at the rollout's end"
CAUSE = r"bootstrap|truncat|next_values|next (row|state)|last step|end of the rollout|rollout'?s end|shift|zero"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rew, v = rewards, values
    done = terminated | truncated
    adv = torch.zeros_like(rew)
    lastgaelam = torch.zeros_like(rew[0])
    for t in reversed(range(len(rew))):
        if t == len(rew) - 1:
            nextv = torch.zeros_like(v[t])
        else:
            nextv = torch.where(done[t], torch.zeros_like(v[t]), v[t + 1])
        delta = rew[t] + gamma * nextv - v[t]
        lastgaelam = delta + gamma * lam * lastgaelam * torch.where(done[t], 0.0, 1.0).to(rew.dtype)
        adv[t] = lastgaelam
    ret = adv + v
    return adv, ret
