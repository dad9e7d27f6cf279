"""approx_kl takes the absolute value of each sample's log-ratio before averaging,
``mean(|logp_old - logp_new|)``: not the k1 estimate (the signed terms cancel in expectation;
the absolute ones do not).

Source: https://github.com/openai/spinningup/issues/292 (a user's replacement for Spinning Up's
PPO ``approx_kl``, posted in the thread): ``approx_kl = (logp_old - logp).abs().mean().item()``.
Ported without ``.item()`` (the contract returns a tensor).
"""
SOURCE = "https://github.com/openai/spinningup/issues/292"
KIND = "kl: absolute value"
CAUSE = r"abs|\|\s*logp|absolute"

import torch


def approx_kl(logp_old, logp_new):
    approx_kl = (logp_old - logp_new).abs().mean()
    return approx_kl
