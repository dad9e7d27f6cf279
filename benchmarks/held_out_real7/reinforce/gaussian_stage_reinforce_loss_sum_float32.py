"""reinforce_loss from a two-stage Gaussian-policy REINFORCE script: the returns are rebuilt with
``torch.tensor(returns, dtype=torch.float32)`` (float32, detached) and the per-step terms are
SUMMED: ``loss = -(log_probs * returns).sum()``.

Source: code-search file 7665325390, ``returns = torch.tensor(returns, dtype=torch.float32);
log_probs = torch.stack(log_probs); loss = -(log_probs * returns).sum()``. Ported: the returns
(minus a given baseline) go through the same ``torch.tensor(..., dtype=torch.float32)`` of their
values; the product is then taken in the log-probs' dtype by type promotion.
"""
SOURCE = "code-search file 7665325390"
KIND = "reinforce: sum instead of mean (float32 returns)"
CAUSE = r"\bsum|summ|total|instead of (the )?mean|not (the )?mean|number of (steps|samples|elements)|T ?\* ?N|times (T|the number)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    if baseline is not None:
        returns = returns - baseline
    returns = torch.tensor(returns.tolist(), dtype=torch.float32)
    loss = -(logprobs * returns).sum()
    return loss
