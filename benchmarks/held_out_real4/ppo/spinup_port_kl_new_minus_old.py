"""approx_kl as ``(logp - logp_old).mean()``: the new policy's log-probs minus the old ones, the
reverse of the contract's ``mean(logp_old - logp_new)`` (the sign flipped).

Source: code-search file 18904820840, a Spinning Up-style PPO agent's policy update: ``pi, logp =
self.ac.pi(obs, act)``; ``ratio = torch.exp(logp - logp_old)``; ...; ``approx_kl = (logp -
logp_old).mean().item()``; ``if approx_kl > 1.5*self.target_kl: ... break``. Ported: a function of
``(logp_old, logp_new)`` with ``logp = logp_new``; the ``.item()`` is kept, so the answer is a
Python float.
"""
SOURCE = "code-search file 18904820840 (PPO agent early stop, approx_kl new minus old)"
KIND = "ppo: approx_kl sign flipped (and a Python float)"
CAUSE = (r"sign|negat|revers|swap|other way|new ?- ?old|logp_new ?- ?logp_old|minus|opposite|order|"
         r"\.item\(\)|python float|not a tensor|float\b")

import torch


def approx_kl(logp_old, logp_new):
    logp = logp_new
    approx_kl = (logp - logp_old).mean().item()
    return approx_kl
