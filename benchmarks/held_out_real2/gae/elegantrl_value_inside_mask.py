"""compute_gae with ElegantRL's old "fix a bug here" line: the current value sits inside the
mask, ``A_t = r_t + gamma (1 - done_t) (V_{t+1} + lam A_{t+1} - V_t)``, so V(s_t) is discounted
(and dropped at an episode's end); the returns are the bootstrapped discounted reward sums, not
advantages + values, and the advantages come back standardised.

Source: https://github.com/AI4Finance-Foundation/ElegantRL/issues/183 (``get_reward_sum_gae``
as the issue quotes it): ``buf_r_sum[i] = buf_reward[i] + buf_mask[i] * rest_r_sum``,
``buf_advantage[i] = buf_reward[i] + buf_mask[i] * (pre_advantage - buf_value[i])  # fix a bug
here``, ``pre_advantage = buf_value[i] + buf_advantage[i] * self.lambda_gae_adv``,
``buf_advantage = (buf_advantage - buf_advantage.mean()) / (buf_advantage.std() + 1e-5)``.
Ported: ``buf_mask = gamma * (1 - done)`` with done = terminated or truncated (the gym ``done``
ElegantRL stores), ``rest_r_sum`` = the last step's next value; the pair reordered to the
contract's (advantages, returns).
"""
SOURCE = "https://github.com/AI4Finance-Foundation/ElegantRL/issues/183"
KIND = "gae: value inside the mask"
CAUSE = (r"standardi|normali|(V\(s_t\)|values?\[t\]|current (state'?s? )?value).{0,60}"
         r"(discount|gamma|mask|scaled|multipl)|(discount|gamma|mask|multipl)\w*.{0,40}"
         r"(V\(s_t\)|current (state'?s? )?value)|returns?.{0,40}(discounted (reward|sum)|"
         r"monte.carlo|reward.to.go)|truncat")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    buf_len = rewards.shape[0]
    buf_mask = gamma * (1 - (terminated | truncated).to(rewards.dtype))
    buf_r_sum = torch.empty_like(rewards)
    buf_advantage = torch.empty_like(rewards)
    rest_r_sum = next_values[-1]
    pre_advantage = rest_r_sum
    for i in range(buf_len - 1, -1, -1):
        buf_r_sum[i] = rewards[i] + buf_mask[i] * rest_r_sum
        rest_r_sum = buf_r_sum[i]
        buf_advantage[i] = rewards[i] + buf_mask[i] * (pre_advantage - values[i])
        pre_advantage = values[i] + buf_advantage[i] * lam
    buf_advantage = (buf_advantage - buf_advantage.mean()) / (buf_advantage.std() + 1e-5)
    return buf_advantage, buf_r_sum
