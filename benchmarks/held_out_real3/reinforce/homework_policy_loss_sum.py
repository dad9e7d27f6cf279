r"""reinforce_loss as a sum over the steps, not a mean: ``-sum(logps * returns)`` (T times the
contract's loss), and with a baseline ``-sum(logps * (returns - baseline))``; the returns and the
baseline are used as given, so a gradient flows into them when they require grad.

Source: code-search file 12979918502, a policy-gradient homework's
``compute_policy_loss_reinforce(logps, returns)``: ``policy_loss = -torch.sum(logps *
returns)`` ("we want to perform gradient ASCENT"), and ``compute_policy_loss_with_baseline(logps,
advantages)`` returning ``compute_policy_loss_reinforce(logps, advantages)``. Ported: the two
functions joined into ``reinforce_loss`` (advantages = returns - baseline).
"""
SOURCE = "code-search file 12979918502 (compute_policy_loss_reinforce, with_baseline)"
KIND = "reinforce: sum instead of mean"
CAUSE = (r"\bsums?\b|summed|instead of (the |a )?mean|not (the |a )?mean|number of (steps|elements|samples)|"
         r"times (the )?(number|T|length)|detach|gradient.{0,40}(returns|baseline)")

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    def compute_policy_loss_reinforce(logps, returns):
        policy_loss = torch.tensor(0)
        policy_loss = -torch.sum(logps * returns)
        return policy_loss

    if baseline is None:
        return compute_policy_loss_reinforce(logprobs, returns)
    advantages = returns - baseline
    return compute_policy_loss_reinforce(logprobs, advantages)
