"""approx_kl as ``(logp - logp_old).mean()``: the new policy's log-probs minus the old ones, the
reverse of the contract's ``mean(logp_old - logp_new)`` (the sign flipped).

Source: code-search file 9493769813, a PPO agent's update with adaptive early stopping: ``pi,
logp = self.policy.actor_forward(obs, act)``; ...; ``if self.desired_kl: approx_kl = (logp -
logp_old).mean(); if approx_kl > self.desired_kl * 1.5: break``. Ported: a function of
``(logp_old, logp_new)`` with ``logp = logp_new``.
"""
SOURCE = "code-search file 9493769813 (PPO update, approx_kl new minus old)"
KIND = "ppo: approx_kl sign flipped"
CAUSE = r"sign|negat|revers|swap|other way|new ?- ?old|logp_new ?- ?logp_old|minus|opposite|order"

import torch


def approx_kl(logp_old, logp_new):
    logp = logp_new
    approx_kl = (logp - logp_old).mean()
    return approx_kl
