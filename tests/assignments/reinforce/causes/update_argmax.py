"""The update puts the one-hot on the greedy action (argmax of the logits), not on the action
taken."""
CAUSE = r"one-hot on the most likely action"

import torch


def reinforce_update(logits, action, ret, lr):
    probs = torch.softmax(logits, dim=0)
    chosen = int(probs.argmax())
    step = -probs.clone()
    step[chosen] += 1.0
    return logits + lr * ret * step
