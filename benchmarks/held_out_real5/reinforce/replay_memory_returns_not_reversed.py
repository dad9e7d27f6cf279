"""discounted_returns that walks the rewards backwards and APPENDS each running return, but never
reverses the list: the answer is in reverse time order (its first element is the last step's
return ``r_{T-1}``, its last element ``G_0``).

Source: code-search file 18470621592, a replay memory's ``discount_rewards(self, rewards,
gamma=0.99)``: ``discounted_rewards = []; running_add = 0.0; for t in reversed(range(0,
len(rewards))): running_add = running_add * gamma + rewards[t];
discounted_rewards.append(running_add); return discounted_rewards``. Ported: the rewards are
read as Python floats from the tensor, the list returned as a tensor of the rewards' dtype.
"""
SOURCE = "code-search file 18470621592 (replay memory discount_rewards, list never reversed)"
KIND = "reinforce: returns in reverse order"
CAUSE = r"revers|order|backwards|flip|wrong end|time.?(order|index)|last step first"

import torch


def discounted_returns(rewards, gamma):
    dtype = rewards.dtype
    rewards = rewards.tolist()
    discounted_rewards = []
    running_add = 0.0
    for t in reversed(range(0, len(rewards))):
        running_add = running_add * gamma + rewards[t]
        discounted_rewards.append(running_add)
    return torch.tensor(discounted_rewards, dtype=dtype)
