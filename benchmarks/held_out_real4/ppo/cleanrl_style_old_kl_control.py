"""Control: approx_kl as the ``old_kl`` of a CleanRL-style update, ``(-logratio).mean()`` with
``logratio = new_logprobs - old_logprobs``: exactly ``mean(logp_old - logp_new)``, computed under
``torch.no_grad()`` as in the source.

Source: code-search file 57965854327, a CleanRL-style continuous PPO update: ``logratio =
new_logprobs - old_logprobs``; ``ratio = logratio.exp()``; ``with torch.no_grad(): old_kl =
(-logratio).mean(); kl = ((ratio - 1) - logratio).mean()``. Ported: a function of ``(logp_old,
logp_new)`` returning ``old_kl``.
"""
SOURCE = "code-search file 57965854327 (CleanRL-style update, old_kl = (-logratio).mean())"
KIND = "control"
CORRECT = True

import torch


def approx_kl(logp_old, logp_new):
    new_logprobs, old_logprobs = logp_new, logp_old
    logratio = new_logprobs - old_logprobs
    with torch.no_grad():
        old_kl = (-logratio).mean()
    return old_kl
