"""compute_gae whose running sum is never cut at an episode's end: ``gae = gae * gamma * tau``
then ``+ reward + gamma * next_value * (1 - done) - value``, so the advantage of an episode's last
step includes the next episode's; V(s_{t+1}) is the next row's value, so a truncated step
bootstraps from the next episode's first state's value (times 0).

Source: https://github.com/vietnh1009/Super-mario-bros-PPO-pytorch/issues/21 (train.py: ``for
value, reward, done in list(zip(values, rewards, dones))[::-1]: gae = gae * opt.gamma * opt.tau;
gae = gae + reward + opt.gamma * next_value.detach() * (1 - done) - value.detach(); next_value =
value; R.append(gae + value)``; the issue: "It should be gae = gae * opt.gamma *
opt.tau*(1 - done)"). Ported: ``done = terminated | truncated``; the first ``next_value`` is
``next_values[-1]``; advantages = R - values.
"""
SOURCE = "https://github.com/vietnh1009/Super-mario-bros-PPO-pytorch/issues/21"
KIND = "gae: advantage flows across episode ends"
CAUSE = (r"across|leak|flows?|carr(y|ies|ied)|episode (end|boundar)|not reset|reset|"
         r"next episode|done.{0,40}(recursion|running|sum)|truncat|bootstrap")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    next_value = next_values[-1]
    gae = 0
    R = []
    for value, reward, done in list(zip(values, rewards, dones))[::-1]:
        gae = gae * gamma * lam
        gae = gae + reward + gamma * next_value.detach() * (1 - done) - value.detach()
        next_value = value
        R.append(gae + value)
    R = R[::-1]
    R = torch.stack(R).detach()
    return R - values, R
