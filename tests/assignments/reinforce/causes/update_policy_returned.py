"""The update returns the new policy (the softmax of the new logits), as the docstring's example
shows next, not the new logits."""
CAUSE = r"your answer is the new POLICY"

import torch


def reinforce_update(logits, action, ret, lr):
    g = -torch.softmax(logits, dim=-1)
    g[action] = g[action] + 1
    new_logits = logits + lr * ret * g
    return torch.softmax(new_logits, dim=-1)
