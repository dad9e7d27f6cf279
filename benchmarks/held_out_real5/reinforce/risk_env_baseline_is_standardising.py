"""reinforce_loss whose "baseline" is a standardisation of the returns: when a baseline is asked
for, the returns are replaced by ``(returns - returns.mean()) / (returns.std() + 1e-8)`` (their
own mean and sample std) and the given baseline is never subtracted; without one, the contract's
``-mean(logprobs * returns)``.

Source: code-search file 33790297278, a REINFORCE script on a risk environment: ``returns =
torch.FloatTensor(returns); if baseline and len(returns) > 1: returns = (returns - returns.mean())
/ (returns.std() + 1e-8); log_probs = torch.stack(log_probs); policy_loss = (-log_probs *
returns).mean()``. Ported: the source's ``baseline`` switch is on when the contract's
``baseline`` is given (not None); the returns arrive as the tensor argument (detached, as the
contract treats them as constants) instead of the source's float32 rebuild.
"""
SOURCE = "code-search file 33790297278 (risk-env REINFORCE, baseline as standardised returns)"
KIND = "reinforce: baseline replaced by standardisation"
CAUSE = r"baseline|normali[sz]|standardi[sz]|whiten|mean.{0,20}(std|standard deviation)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    log_probs = logprobs
    returns = returns.detach()
    if baseline is not None and len(returns) > 1:
        returns = (returns - returns.mean()) / (returns.std() + 1e-8)
    policy_loss = (-log_probs * returns).mean()
    return policy_loss
