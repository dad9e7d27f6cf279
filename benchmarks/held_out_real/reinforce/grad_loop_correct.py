"""Control: softmax_logprob_grad component by component: 1 - p_i for the action, -p_i else.

Source: Ace-Quantum/atlas-machine_learning, reinforcement_learning/policy_gradients/
policy_gradient.py (a Holberton/Atlas student): max-shifted softmax, then a loop
``gradient[:, i] = s * (1 - p_i)`` if i == action else ``-s * p_i``. Correct. Ported: the state
factor s dropped (the logits are the parameters here).
"""
SOURCE = "Ace-Quantum/atlas-machine_learning reinforcement_learning/policy_gradients/policy_gradient.py"
KIND = "control"
CORRECT = True

import torch


def softmax_logprob_grad(logits, action):
    exp_logits = torch.exp(logits - torch.max(logits))
    action_probabilities = exp_logits / torch.sum(exp_logits, dim=0, keepdim=True)
    gradient = torch.zeros_like(logits)
    for i in range(len(action_probabilities)):
        if i == action:
            gradient[i] = 1 - action_probabilities[i]
        else:
            gradient[i] = -action_probabilities[i]
    return gradient
