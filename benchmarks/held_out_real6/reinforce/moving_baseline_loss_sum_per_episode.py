"""reinforce_loss as a REINFORCE trainer with a moving-average baseline writes it: the per-step
terms ``-log_prob * advantage`` are SUMMED over every step of the batch and divided by the number
of episodes, ``-(log_probs * advantages).sum() / len(batch_episodes)``, so the loss is the mean over
episodes of each episode's total, T times the per-step mean the contract asks for.

Source: code-search file 52957373139, a REINFORCE trainer's update: ``log_probs =
torch.cat(all_log_probs); returns = torch.cat(all_returns); ...; advantages = returns -
self.baseline; policy_loss = -(log_probs * advantages).sum() / len(batch_episodes)``. Ported: the
episodes are the columns of a ``(T, N)`` batch (one episode for ``(T,)``), ``self.baseline`` is the
contract's ``baseline`` (0 when None).
"""
SOURCE = "code-search file 52957373139 (REINFORCE trainer, sum / len(batch_episodes))"
KIND = "reinforce: sum over steps divided by episodes"
CAUSE = r"\bsum|summ|total|per episode|number of (steps|episodes)|episodes|\bT\b|mean over (the )?steps|instead of (the )?mean"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    batch_episodes = range(returns.shape[1] if returns.dim() == 2 else 1)
    log_probs = logprobs.reshape(-1)
    advantages = (returns - (0.0 if baseline is None else baseline)).reshape(-1)
    policy_loss = -(log_probs * advantages).sum() / len(batch_episodes)
    return policy_loss
