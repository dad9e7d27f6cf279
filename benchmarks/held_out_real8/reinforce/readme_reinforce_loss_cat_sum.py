"""reinforce_loss from a REINFORCE project's README walk-through: the loss of each step is
``-log_prob * R`` and the loss is their SUM (``torch.cat(policy_loss).sum()``, "concatenate the loss
and sum them up"), not their mean.

Source: code-search file 32063993493, ``policy_loss = [] # List to store the loss for each episode;
for log_prob, R in zip(self.log_probs, discounted_returns): policy_loss.append(-log_prob * R);
policy_loss = torch.cat(policy_loss).sum()``. Ported: the returns minus the baseline (detached)
stand for ``discounted_returns``; the loop becomes elementwise arithmetic.
"""
SOURCE = "code-search file 32063993493"
KIND = "reinforce: loss summed over steps"
CAUSE = r"sum|total|mean|average|number of (steps|elements)|\bT\b|length|scaled"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    advantage = returns.detach()
    if baseline is not None:
        advantage = advantage - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    policy_loss = -logprobs * advantage
    return policy_loss.sum()
