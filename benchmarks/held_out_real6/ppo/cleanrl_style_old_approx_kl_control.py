"""A correct approx_kl from a CleanRL-style ``compute_ppo_loss``: of the two estimates it computes
under ``torch.no_grad()``, ``old_approx_kl = (-logratio).mean()`` with ``logratio = newlogprob -
mblogprob`` is the contract's k1, ``mean(logp_old - logp_new)``, written as the negated mean of the
log-ratio.

Source: code-search file 25279118836, ``logratio = newlogprob - mblogprob; ratio = logratio.exp();
with torch.no_grad(): # calculate approx_kl http://joschu.net/blog/kl-approx.html; old_approx_kl =
(-logratio).mean(); approx_kl = ((ratio - 1) - logratio).mean()``. Ported: a function of
``(logp_old, logp_new)`` returning ``old_approx_kl`` (the k1 estimate); ``newlogprob`` is
``logp_new`` and ``mblogprob`` is ``logp_old``.
"""
SOURCE = "code-search file 25279118836 (compute_ppo_loss, old_approx_kl = (-logratio).mean())"
KIND = "ppo: control (k1 as the negated mean log-ratio)"
CORRECT = True

import torch


def approx_kl(logp_old, logp_new):
    newlogprob, mblogprob = logp_new, logp_old
    logratio = newlogprob - mblogprob
    with torch.no_grad():
        old_approx_kl = (-logratio).mean()
    return old_approx_kl
