"""reinforce_loss as a cache-replacement RL project's REINFORCE update writes it: one term
``-log_prob * advantage`` per step, concatenated and SUMMED, so the loss grows with the number of
steps instead of being their mean; the advantages are not detached.

Source: chanb/MeLeCaR rl_algos/reinforce.py, ``policy_loss = []; for log_prob, advantage in
zip(log_probs, advantages): policy_loss.append(-log_prob * advantage); ...; policy_loss =
torch.cat(policy_loss).sum()``. Ported: the advantages are ``returns - baseline`` (the returns with
no baseline), the per-step terms are the entries of the flattened tensors.
"""
SOURCE = "chanb/MeLeCaR rl_algos/reinforce.py"
KIND = "reinforce: sum instead of mean"
CAUSE = r"\bsum|summ|total|instead of (the )?mean|not (the )?mean|number of (steps|samples|elements)|T ?\* ?N|times (T|the number)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    advantages = returns if baseline is None else returns - baseline
    advantages = advantages.expand_as(logprobs) if advantages.dim() else advantages
    policy_loss = []
    for log_prob, advantage in zip(logprobs.reshape(-1, 1), advantages.reshape(-1, 1)):
        policy_loss.append(-log_prob * advantage)
    policy_loss = torch.cat(policy_loss).sum()
    return policy_loss
