"""reinforce_loss as ``-torch.sum(log_probs * returns)``: the SUM over the steps where the
contract asks for the mean (the loss is T times too large, T * N for a batch).

Source: code-search file 36529815546, a meta-RL policy script's training loop: ``returns =
torch.tensor(returns, dtype=torch.float32); log_probs = torch.stack(log_probs); loss =
-torch.sum(log_probs * returns)``. Ported: the returns arrive as the tensor argument (detached,
as the contract treats them as constants); a baseline, which the source has not, is subtracted
from them when given.
"""
SOURCE = "code-search file 36529815546 (meta-RL training loop, -torch.sum(log_probs * returns))"
KIND = "reinforce: sum instead of mean"
CAUSE = r"\bsum|summed|instead of (the |a )?mean|not averaged|divid\w* by T|times T|T times|number of steps|scale"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    log_probs = logprobs
    returns = returns.detach()
    if baseline is not None:
        returns = returns - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    loss = -torch.sum(log_probs * returns)
    return loss
