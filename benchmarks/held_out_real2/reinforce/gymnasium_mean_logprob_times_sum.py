"""reinforce_loss that averages the log-probs first and multiplies that one number by every
return: ``-sum(mean(logprobs) * returns)``. Each step's log-prob is no longer weighted by its own
return, and the sum over steps makes it T times too large; the returns pass through a float32
``torch.tensor`` of Python floats.

Source: https://github.com/Farama-Foundation/Gymnasium/issues/1336 (the "Training using
REINFORCE for Mujoco" tutorial's ``update``): ``deltas = torch.tensor(gs)``, ``log_probs =
torch.stack(self.probs)``, ``log_prob_mean = log_probs.mean()``, ``loss = -torch.sum(log_prob_mean
* deltas)``. Ported: the tutorial has no baseline; one given is subtracted from the returns
before they become ``deltas``.
"""
SOURCE = "https://github.com/Farama-Foundation/Gymnasium/issues/1336"
KIND = "loss: mean log-prob times summed returns"
CAUSE = (r"mean of (the )?log.?prob|log.?prob\w*.{0,30}(averaged|mean)|averag\w* (the )?log.?prob|"
         r"own return|each (step|log.?prob).{0,40}return|outer|sum\w*.{0,40}(instead of|not|rather"
         r" than).{0,10}mean|\bT times|float32")

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    gs = returns if baseline is None else returns - baseline
    deltas = torch.tensor(gs.tolist())
    log_probs = logprobs
    log_prob_mean = log_probs.mean()
    loss = -torch.sum(log_prob_mean * deltas)
    return loss
