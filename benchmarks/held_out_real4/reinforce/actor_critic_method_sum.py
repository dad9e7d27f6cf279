"""reinforce_loss as ``-torch.sum(log_probs * advantages)`` with ``advantages = returns -
values.detach()``: a sum over the steps where the contract asks for the mean (the baseline is
subtracted and detached correctly; the returns are not detached).

Source: code-search file 12328791691, an agent's ``update(self, method="REINFORCE")``: ``if
method == "REINFORCE": returns = discount_rewards(rewards, self.gamma); loss =
-torch.sum(log_probs * returns)``; ``elif method == "ActorCritic": _, values = self.policy(states);
returns = discount_rewards(rewards, self.gamma); advantages = returns - values.detach();
loss_actor = -torch.sum(log_probs * advantages)``. Ported: the returns come in; ``baseline`` plays
``values`` (the ActorCritic branch, its critic loss left out), ``None`` the REINFORCE branch; a
float baseline is used as it is (it has no ``.detach()``).
"""
SOURCE = "code-search file 12328791691 (agent update, REINFORCE / ActorCritic -sum)"
KIND = "reinforce: sum instead of mean"
CAUSE = r"\bsum|summ|instead of (the )?mean|averag|times (T|the number)|scal(ed|es) with|number of steps"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    log_probs = logprobs
    if baseline is None:
        loss = -torch.sum(log_probs * returns)
    else:
        values = baseline
        advantages = returns - (values.detach() if torch.is_tensor(values) else values)
        loss_actor = -torch.sum(log_probs * advantages)
        loss = loss_actor
    return loss
