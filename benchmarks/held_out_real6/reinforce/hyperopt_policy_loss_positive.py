"""reinforce_loss without the minus sign: a hyperparameter-optimisation project's ``PolicyLoss``
returns ``mean(log_prob * reward)``, the objective to maximise, as the loss its optimiser
minimises, so gradient descent on it lowers the probability of good actions; the reward is not
detached either.

Source: mily33/hyperparameter_optimization loss_definition.py, ``class PolicyLoss(nn.Module): def
forward(self, data, mu, sigma): distribution = Normal(mu, sigma); loss_value =
torch.mean(distribution.log_prob(data[:, 0]) * data[:, 1]); return loss_value``. Ported: the
log-probabilities are ``logprobs``, the weights ``data[:, 1]`` are ``returns - baseline``.
"""
SOURCE = "mily33/hyperparameter_optimization loss_definition.py"
KIND = "reinforce: loss sign flipped"
CAUSE = r"sign|negat|minus|maximi|ascent|opposite|flipped"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns if baseline is None else returns - baseline
    loss_value = torch.mean(logprobs * weights)
    return loss_value
