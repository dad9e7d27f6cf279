"""Forgets to scale the step by the return."""
HINT = "the step must be scaled by the return: logits + lr * return * gradient"


def reinforce_update(logits, action, ret, lr):
    return logits + lr * softmax_logprob_grad(logits, action)
