"""discounted_returns from a small RL library: with its defaults ``done_flag=True`` a step whose
reward is 0 is taken as an episode boundary (the running return is reset and that step's return
stays 0), and ``normalize=True`` standardises the returns with the population standard deviation;
the rewards buffer is overwritten in place.

Source: code-search file 1920180113, jrl.py ("rl library, Sungjin Kim"), ``def
calc_discount_reward(reward_buff, gamma=0.99, normalize=True, done_flag=True): prev_dr = 0; for ii
in reversed(range(len(reward_buff))): if done_flag and reward_buff[ii] == 0: prev_dr = 0; else:
reward_buff[ii] += prev_dr * gamma; prev_dr = reward_buff[ii]``; then ``mean, std =
np.mean(reward_buff), np.std(reward_buff); reward_buff[ii] = (reward_buff[ii] - mean) / std``.
Ported: the buffer is the rewards' numpy view (so, as in the source, the caller's rewards are
overwritten), the defaults kept, the buffer returned as a tensor.
"""
SOURCE = "code-search file 1920180113 (jrl.py calc_discount_reward, zero reward as boundary)"
KIND = "reinforce: zero reward resets, returns standardised"
CAUSE = r"zero|reset|boundar|standardi|normali|mean|in.?place|modif|overwr"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    def calc_discount_reward(reward_buff, gamma=0.99, normalize=True, done_flag=True):
        prev_dr = 0
        for ii in reversed(range(len(reward_buff))):
            if done_flag and reward_buff[ii] == 0:
                prev_dr = 0
            else:
                reward_buff[ii] += prev_dr * gamma
                prev_dr = reward_buff[ii]
        if normalize:
            mean, std = np.mean(reward_buff), np.std(reward_buff)
            for ii in range(len(reward_buff)):
                reward_buff[ii] = (reward_buff[ii] - mean) / std
        return reward_buff

    return torch.as_tensor(calc_discount_reward(rewards.detach().numpy(), gamma))
