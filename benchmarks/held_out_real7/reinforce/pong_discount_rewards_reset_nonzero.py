"""discounted_returns from a Pong policy-gradient script (the well-known pg-pong recipe): before
each step's update the running sum is RESET to zero whenever that step's reward is non-zero ("a
game boundary, pong specific"), so any episode with more than one non-zero reward gets returns
that stop at the next rewarded step instead of running to the episode's end.

Source: code-search file 12635267338, ``def discount_rewards(r): discounted_r = np.zeros_like(r);
running_add = 0; for t in reversed(range(0, r.size)): if r[t] != 0: running_add = 0;
running_add = running_add * gamma + r[t]; discounted_r[t] = running_add; return discounted_r``.
Ported: ``gamma`` is the argument (the source's module constant); tensors instead of numpy.
"""
SOURCE = "code-search file 12635267338"
KIND = "reinforce: running return reset at every non-zero reward"
CAUSE = r"reset|non-?zero|restart|boundary|zeroed|set to (0|zero)|sets? .*(0|zero)"

import torch


def discounted_returns(rewards, gamma):
    discounted_r = torch.zeros_like(rewards)
    running_add = 0
    for t in reversed(range(0, rewards.numel())):
        if rewards[t] != 0:
            running_add = 0
        running_add = running_add * gamma + rewards[t]
        discounted_r[t] = running_add
    return discounted_r
