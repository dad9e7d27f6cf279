"""reinforce_loss that first standardises the returns (``(returns - mean) / (std + 1e-8)``, the
sample std), then, with a baseline, subtracts it from the standardised returns, and SUMS
``-log_prob * advantage`` over the steps in a Python loop instead of taking the mean of
``-logprobs * (returns - baseline)``.

Source: code-search file 13864704860, a REINFORCE agent class (``update``): ``returns =
self.compute_returns(); returns = (returns - returns.mean()) / (returns.std() + 1e-8)``; ``if
self.use_baseline: ... advantages = returns - baselines; for log_prob, advantage in
zip(self.log_probs, advantages): policy_loss += -log_prob * advantage.detach()``; else ``for
log_prob, R in zip(self.log_probs, returns): policy_loss += -log_prob * R``. Ported: the returns
arrive as the tensor argument (detached), ``use_baseline`` is on when a baseline is given (the
value network's output is the given baseline, broadcast to the returns' shape); the value-network
update is dropped.
"""
SOURCE = "code-search file 13864704860 (REINFORCE agent update, normalised returns, loop sum)"
KIND = "reinforce: standardised returns and a sum"
CAUSE = r"\bsum|summed|instead of (the |a )?mean|not averaged|normali[sz]|standardi[sz]|whiten|mean.{0,20}(std|standard deviation)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    returns = returns.detach()
    returns = (returns - returns.mean()) / (returns.std() + 1e-8)
    policy_loss = 0
    if baseline is not None:
        baselines = torch.as_tensor(baseline, dtype=returns.dtype).detach().expand_as(returns)
        advantages = returns - baselines
        for log_prob, advantage in zip(logprobs, advantages):
            policy_loss += -log_prob * advantage.detach()
    else:
        for log_prob, R in zip(logprobs, returns):
            policy_loss += -log_prob * R
    return policy_loss
