r"""compute_gae whose recursion decays by ``(1 - gamma)`` instead of ``gamma * lam``:
``gae = delta_t + (1 - done_t) * (1 - gamma) * gae``; lambda is never used, and one ``dones``
(termination or truncation) masks both the bootstrap and the recursion, so a truncated step
does not bootstrap from its last observation.

Source: code-search file 38712848413, ``GeneralizedAdvantageEstimation.compute_advantages(
rewards, values, next_values, dones)`` (a PPO library's helper, copied across several of its
projects): ``delta = rewards + (1.0 - dones) * self.gamma * next_values - values``, ``for step
in reversed(range(len(rewards))): gae = delta[step] + (1.0 - dones[step]) * (1.0 -
self.gamma) * gae; adv.insert(0, gae)``, ``return torch.stack(adv)``. Ported: ``dones`` is
``terminated | truncated`` as a float (gym's ``done``); returns = advantages + values.
"""
SOURCE = "code-search file 38712848413 (GeneralizedAdvantageEstimation, (1 - gamma) * gae)"
KIND = "gae: wrong decay factor + truncation as termination"
CAUSE = (r"1 ?- ?gamma|one minus gamma|decay|lambda|\blam\b|gamma ?\* ?lam|trace|"
         r"truncat|bootstrap|termination")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    gae = 0
    adv = []
    delta = rewards + (1.0 - dones) * gamma * next_values - values
    for step in reversed(range(len(rewards))):
        gae = delta[step] + (1.0 - dones[step]) * (1.0 - gamma) * gae
        adv.insert(0, gae)
    advantages = torch.stack(adv)
    return advantages, advantages + values
