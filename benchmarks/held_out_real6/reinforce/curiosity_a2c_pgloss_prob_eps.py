"""reinforce_loss as a curiosity-driven A2C's ``PGLoss`` writes it: it takes action
probabilities and computes ``-mean(log(prob + 1e-6) * reward)``, an epsilon inside the log, and the
reward is not detached, so gradient flows into the returns (and the baseline).

Source: Yangyangii/Curiosity-Driven-A2C losses.py, ``class PGLoss(nn.Module): def forward(self,
action_prob, reward): loss = -torch.mean(torch.log(action_prob+1e-6)*reward); return loss``.
Ported: ``action_prob = exp(logprobs)`` (the probability of the taken action), ``reward`` is
``returns - baseline`` (``returns`` itself with no baseline).
"""
SOURCE = "Yangyangii/Curiosity-Driven-A2C losses.py"
KIND = "reinforce: eps in the log, returns not detached"
CAUSE = r"1e-0?6|eps|epsilon|constant|detach|gradient.*(return|baseline)|(return|baseline).*gradient"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    action_prob = torch.exp(logprobs)
    reward = returns if baseline is None else returns - baseline
    loss = -torch.mean(torch.log(action_prob + 1e-6) * reward)
    return loss
