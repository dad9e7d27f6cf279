"""The update takes each action's sigmoid as its probability (a Bernoulli policy's gradient)."""
CAUSE = r"your step goes along onehot\(a\) - sigmoid"

import torch


def reinforce_update(logits, action, ret, lr):
    target = torch.nn.functional.one_hot(torch.tensor(action), logits.shape[0]).to(logits.dtype)
    return logits + lr * ret * (target - torch.sigmoid(logits))
