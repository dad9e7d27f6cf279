"""Control: compute_gae as Tianshou computes episodic returns: the next values are first
multiplied by the value mask (zero after a termination, kept after a truncation), then the TD
residuals carry no mask of their own and the recursion is cut at every episode end. Equal to the
contract (the issue thread's "simplified formula").

Source: https://github.com/thu-ml/tianshou/issues/869 (tianshou/policy/base.py,
``compute_episodic_return`` and ``_gae_return``; the maintainer answers that the masking happens
before): ``v_s_ = v_s_ * BasePolicy.value_mask(buffer, indices)`` (``~terminated``),
``end_flag = np.logical_or(batch.terminated, batch.truncated)``, ``delta = rew + v_s_ * gamma -
v_s``, ``discount = (1.0 - end_flag) * (gamma * gae_lambda)``, ``gae = delta[i] + discount[i] *
gae``, ``returns = advantage + v_s``. Ported: numpy -> torch (``np.zeros(rew.shape)`` as
``zeros_like``, keeping the inputs' dtype).
"""
SOURCE = "https://github.com/thu-ml/tianshou/issues/869"
KIND = "control"
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    v_s = values
    v_s_ = next_values * (~terminated).to(next_values.dtype)
    rew = rewards
    end_flag = torch.logical_or(terminated, truncated).to(rewards.dtype)
    advantage = torch.zeros_like(rew)
    delta = rew + v_s_ * gamma - v_s
    discount = (1.0 - end_flag) * (gamma * lam)
    gae = 0.0
    for i in range(len(rew) - 1, -1, -1):
        gae = delta[i] + discount[i] * gae
        advantage[i] = gae
    returns = advantage + v_s
    return advantage, returns
