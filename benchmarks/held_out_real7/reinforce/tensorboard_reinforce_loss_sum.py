"""reinforce_loss from a REINFORCE script with TensorBoard logging: ``loss = -(log_probs *
returns).sum()``: the per-step terms are SUMMED, so the loss is T * N times the contract's mean;
the returns are used as they come (no detach, no baseline in the source).

Source: code-search file 22305093802, ``returns = torch.tensor(returns, dtype=torch.float32,
device=device); log_probs = torch.stack(log_probs); if log_probs.shape != returns.shape: ...;
loss = -(log_probs * returns).sum()``. Ported: the baseline, when given, is subtracted from the
returns (the contract's argument); the returns tensor is used directly (the source's
``torch.tensor`` copy is left out, so it is not detached).
"""
SOURCE = "code-search file 22305093802"
KIND = "reinforce: sum instead of mean"
CAUSE = r"\bsum|summ|total|instead of (the )?mean|not (the )?mean|number of (steps|samples|elements)|T ?\* ?N|times (T|the number)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    if baseline is not None:
        returns = returns - baseline
    loss = -(logprobs * returns).sum()
    return loss
