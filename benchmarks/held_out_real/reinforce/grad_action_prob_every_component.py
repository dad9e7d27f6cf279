"""softmax_logprob_grad: -p(a), the taken action's probability, in every component.

Source: alex-faustino/rl-sandbox, homework/hw5/hw5_agou2_dusad2/policy_gradient.py,
``Policy.gradient``: ``grad = np.full(action_space, -p_action); grad[action] = 1 - p_action``
(a student homework). Ported: numpy -> torch; its max-shifted softmax kept.
"""
SOURCE = "alex-faustino/rl-sandbox homework/hw5/hw5_agou2_dusad2/policy_gradient.py (Policy.gradient)"
KIND = "softmax gradient at the wrong probability"
CAUSE = r"p\(a\)|every component|taken action's probability|own probability"

import torch


def softmax_logprob_grad(logits, action):
    weights = logits
    probs = torch.exp(weights - torch.max(weights)) / torch.sum(
        torch.exp(weights - torch.max(weights)), dim=0)
    p_action = probs[action]
    grad = torch.full_like(logits, -float(p_action))
    grad[action] = 1 - p_action
    return grad
