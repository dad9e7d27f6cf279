"""approx_kl from another Spinning-Up-style PPO (its policy loss uses ``torch.minimum``): the
"useful extra info" KL is ``(logp - logp_old).mean().item()``: new minus old, the NEGATIVE of the
k1 estimate of KL(old || new), as a Python float.

Source: code-search file 2457609287, ``ratio = torch.exp(logp - logp_old); ratio_clip =
torch.clamp(ratio, 1 - clip_ratio, 1 + clip_ratio); loss = -(torch.minimum(ratio * adv,
ratio_clip * adv)).mean(); approx_kl = (logp - logp_old).mean().item()``. Ported: ``logp`` is
``logp_new``.
"""
SOURCE = "code-search file 2457609287"
KIND = "ppo: approx_kl new minus old (and .item())"
CAUSE = r"sign|revers|swap|order|other way|new ?- ?old|logp_new ?- ?logp_old|negat|opposite"

import torch


def approx_kl(logp_old, logp_new):
    logp = logp_new
    approx = (logp - logp_old).mean().item()
    return approx
