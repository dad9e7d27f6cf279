"""approx_kl as TRL's PPO trainer reports it: half the mean squared log-ratio, ``0.5 *
mean((logp_new - logp_old) ** 2)`` (the k2 estimate), not the mean log-ratio (k1) the contract
asks for; it is never negative and is 0 to first order in small changes.

Source: public code in the code-search corpus (file id 39147230308, a copy of TRL's
``PPOTrainer.loss``; the same lines are in files 41695039673, 2317115431 and others):
``approxkl = 0.5 * masked_mean((logprobs - old_logprobs) ** 2, mask)`` (beside ``policykl =
masked_mean(old_logprobs - logprobs, mask)``). Ported: every position real, ``masked_mean`` a
mean.
"""
SOURCE = "code-search file 39147230308 (TRL PPOTrainer.loss, approxkl)"
KIND = "kl: k2 (squared log-ratio)"
CAUSE = r"\bk2\b|squar|\*\*\s*2|\^2|0\.5 \*|half"

import torch


def approx_kl(logp_old, logp_new):
    logprobs, old_logprobs = logp_new, logp_old
    approxkl = 0.5 * torch.mean((logprobs - old_logprobs) ** 2)
    return approxkl
