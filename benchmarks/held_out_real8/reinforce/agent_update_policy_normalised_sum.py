"""reinforce_loss from an agent's ``update_policy``: the returns are standardised (minus the mean,
over the sample std plus ``self.eps``) and the per-step losses ``-log_prob * R`` are SUMMED with
``torch.cat(policy_loss).sum()``, not averaged.

Source: code-search file 6760229613, ``returns = torch.tensor(returns); returns = (returns -
returns.mean()) / (returns.std() + self.eps); for log_prob, R in zip(self.saved_log_probs,
returns): policy_loss.append(-log_prob * R); ... policy_loss = torch.cat(policy_loss).sum()``.
Ported: the returns come in as ``returns`` (minus the baseline where one is given, detached);
``self.eps`` is float32's machine epsilon, as in the PyTorch example it follows; the zip over
steps becomes elementwise arithmetic.
"""
SOURCE = "code-search file 6760229613"
KIND = "reinforce: loss on standardised returns, summed"
CAUSE = r"normali[sz]|standardi[sz]|std|standard deviation|sum|total|mean|average"

import numpy as np
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    eps = np.finfo(np.float32).eps.item()
    returns = returns.detach()
    if baseline is not None:
        returns = returns - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    returns = (returns - returns.mean()) / (returns.std() + eps)
    policy_loss = -logprobs * returns
    return policy_loss.sum()
