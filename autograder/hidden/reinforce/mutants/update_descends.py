"""Steps against the gradient: logits - lr * G * grad."""
HINT = "REINFORCE ascends: add lr * return * gradient to the logits, do not subtract it"


def reinforce_update(logits, action, ret, lr):
    return logits - lr * ret * softmax_logprob_grad(logits, action)
