"""approx_kl from the same Gaussian-policy PPO's diagnostics, ported from baselines' TensorFlow
line ``approxkl = .5 * tf.reduce_mean(tf.square(neglogpac - OLDNEGLOGPAC))``: half the mean of the
SQUARED log-ratio (the k2 estimator), not the mean of ``logp_old - logp_new``.

Source: code-search file 29468654752 (approxkl), ``# approxkl = .5 * tf.reduce_mean(tf.square(
neglogpac - OLDNEGLOGPAC)); diff = log_probs - fixed_log_probs; approxkl = .5 *
torch.mean(torch.mul(diff,diff))``. Ported: ``fixed_log_probs`` is ``logp_old``, ``log_probs``
is ``logp_new``.
"""
SOURCE = "code-search file 29468654752 (approxkl)"
KIND = "ppo: approx_kl as half the mean squared log-ratio"
CAUSE = r"squar|k2|quadratic|\b0?\.5\b|half|\*\* ?2|\^2"

import torch


def approx_kl(logp_old, logp_new):
    diff = logp_new - logp_old
    approxkl = .5 * torch.mean(torch.mul(diff, diff))
    return approxkl
