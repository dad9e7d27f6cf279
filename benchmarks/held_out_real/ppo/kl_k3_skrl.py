"""approx_kl as the k3 estimator mean((e^{log r} - 1) - log r).

Source: Toni-SM/skrl, docs/source/modules/skrl.agents.ppo.rst (the PPO algorithm listing):
``ratio <- logp' - logp``, ``KL_divergence <- 1/N sum((e^ratio - 1) - ratio)``; the same
estimator is SB3's ``approx_kl_div``. Ported to torch as written.
"""
SOURCE = "Toni-SM/skrl docs/source/modules/skrl.agents.ppo.rst"
KIND = "kl: another estimator"
CAUSE = r"k3|\(r - 1\) - log r"

import torch


def approx_kl(logp_old, logp_new):
    ratio = logp_new - logp_old
    return torch.mean((torch.exp(ratio) - 1) - ratio)
