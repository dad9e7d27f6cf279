"""compute_gae from an on-policy replay buffer (a Chinese PPO framework): the TD errors use
``terminated`` and the recursion is cut by ``dones``, as the contract says, but the advantages are
rebuilt as a FLOAT32 tensor from a numpy list, the value targets are ``adv + values``, and the
advantages are then STANDARDISED (minus their mean, over their std + 1e-8) before they are
returned.

Source: code-search file 47388106365, ``td_error = rewards + self.cfg.gamma * next_values * (1 -
terminated) - values; ... for delta, d in zip(td_error[::-1], dones[::-1]): gae =
self.cfg.gamma * self.cfg.lamda * gae * (1 - d) + delta; adv.append(gae); adv.reverse(); adv =
torch.tensor(np.array(adv), device=self.cfg.device, dtype=torch.float32).view(-1, 1); v_target =
adv + values; adv = (adv - adv.mean()) / (adv.std() + 1e-8); return adv, v_target``. Ported:
``dones`` is ``terminated | truncated``; the ``.view(-1, 1)`` is left out (the contract's shape);
numpy is used as in the source.
"""
SOURCE = "code-search file 47388106365"
KIND = "gae: advantages standardised (float32)"
CAUSE = r"standardi|normali|mean|std|standard deviation|float32"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    with torch.no_grad():
        td_error = rewards + gamma * next_values * (1 - terminated.to(rewards.dtype)) - values
        td_error = td_error.cpu().detach().numpy()
        dones = dones.cpu().detach().numpy()
        adv, gae = [], 0.0
        for delta, d in zip(td_error[::-1], dones[::-1]):
            gae = gamma * lam * gae * (1 - d) + delta
            adv.append(gae)
        adv.reverse()
        adv = torch.tensor(np.array(adv), dtype=torch.float32)
        v_target = adv + values
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    return adv, v_target
