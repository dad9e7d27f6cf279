"""approx_kl as a Spinning-Up-derived PPO (with an entropy term) logs it: ``approx_kl = (logp -
logp_old).mean().item()``: the difference is taken the WRONG WAY ROUND (new minus old, the
negative of the k1 estimate of KL(old || new)) and returned as a Python float.

Source: code-search file 3574719388, ``ratio = torch.exp(logp - logp_old); ...; approx_kl = (logp
- logp_old).mean().item()``. Ported: ``logp`` is ``logp_new``.
"""
SOURCE = "code-search file 3574719388"
KIND = "ppo: approx_kl new minus old (and .item())"
CAUSE = r"sign|revers|swap|order|other way|new ?- ?old|logp_new ?- ?logp_old|negat|opposite"

import torch


def approx_kl(logp_old, logp_new):
    logp = logp_new
    return (logp - logp_old).mean().item()
