"""Returns the step lr * ret * grad without adding it to the logits."""
CAUSE = r"step lr \* ret \* .* alone"

import torch


def reinforce_update(logits, action, ret, lr):
    return lr * ret * softmax_logprob_grad(logits, action)
