"""compute_gae with gamma and lambda fixed at 0.95 inside the function (the caller's values are
never used), the next row's value as each step's next value (at a truncation that is the next
episode's, masked to zero), and the rollout's last value appended as the final bootstrap.

Source: public code in the code-search corpus (file id 13533089132, ``compute_advantages(rs,
dones, values)`` beside a ``ReplayMemory``; the index does not name the repository): ``gamma =
0.95``, ``lambd = 0.95``, ``m = 1 - int(dones[tt])``, ``delta = rs[tt] + gamma * values[tt+1] *
m - values[tt]``, ``adv = delta + gamma * lambd * m * adv``, ``R = adv + values[tt]``, lists
reversed and turned into tensors. Ported: ``values`` extended by the last step's next value
(as ``sample(..., last_value)`` does), ``dones`` = terminated or truncated.
"""
SOURCE = "code-search file 13533089132 (compute_advantages, gamma = lambd = 0.95)"
KIND = "gae: fixed gamma and lambda"
CAUSE = (r"0\.95|(gamma|lam|discount)\w*.{0,40}(ignor|fixed|hard.?cod|unused|not used|constant)|"
         r"(ignor|hard.?cod|fix)\w*.{0,40}(gamma|lam|discount)")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rs = rewards
    dones = terminated | truncated
    values = torch.cat([values, next_values[-1:]])
    gamma = 0.95
    lambd = 0.95
    advantages = []
    returns = []
    adv = 0
    for tt in range(len(rs) - 1, -1, -1):
        m = 1 - int(dones[tt])
        delta = rs[tt] + gamma * values[tt + 1] * m - values[tt]
        adv = delta + gamma * lambd * m * adv
        R = adv + values[tt]
        advantages.append(adv)
        returns.append(R)
    advantages.reverse()
    returns.reverse()
    returns = torch.stack(returns)
    advantages = torch.stack(advantages)
    return advantages, returns
