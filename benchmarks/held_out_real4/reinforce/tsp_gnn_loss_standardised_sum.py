"""reinforce_loss that standardises the returns inside the loss (``(returns - mean) / (std +
1e-8)`` when ``std > 1e-8``, sample std) and then sums, ``-torch.sum(log_probs * returns)``:
a sum where the contract asks for the mean, no baseline (``baseline`` ignored), and the returns
rescaled.

Source: code-search file 52761781479, a GNN travelling-salesman REINFORCE loop: ``returns =
torch.tensor(returns, dtype=torch.float32)``; ``if returns.std().item() > 1e-8: returns = (returns
- returns.mean()) / (returns.std() + 1e-8)``; ``log_probs = torch.stack(log_probs)``; ``loss =
-torch.sum(log_probs * returns) - 0.01 * entropy``. Ported: the returns come in as a tensor (the
``torch.tensor(..., float32)`` of the source's list is left out); there is no policy in the
contract, so the entropy bonus is left out; ``baseline`` is unused.
"""
SOURCE = "code-search file 52761781479 (TSP REINFORCE loop, standardised returns, -sum)"
KIND = "reinforce: returns standardised, sum instead of mean"
CAUSE = (r"standardi[sz]|normali[sz]|whiten|z-?score|mean.{0,40}(std|standard deviation)|"
         r"\bsum|summ|instead of (the )?mean|baseline")

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    if returns.std().item() > 1e-8:
        returns = (returns - returns.mean()) / (returns.std() + 1e-8)
    log_probs = logprobs
    loss = -torch.sum(log_probs * returns)
    return loss
